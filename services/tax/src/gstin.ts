/**
 * GSTIN (Goods and Services Tax Identification Number): 2-digit state code, the holder's PAN,
 * the registration's entity number (1-9, A-Z), "Z" (the only 14th character GSTINs carry), and a base-36 check character
 * (the GSTN's Luhn mod 36 variant over the first 14 characters).
 */
const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * State and union territory codes of the GST state code list. 25 (Daman and Diu, merged into 26
 * in 2020) and 28 (undivided Andhra Pradesh, before GST began) issue no GSTINs; 97 is "Other
 * Territory" and 99 the Centre's own jurisdiction.
 */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
};

/** The check character the first 14 characters call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = "INVALID_FORMAT" | "INVALID_STATE_CODE" | "INVALID_CHECKSUM";

/** Why a GSTIN is not valid, or undefined when it is (upper case expected: GSTINs are issued so). */
export function gstinProblem(gstin: string): GstinProblem | undefined {
  if (!GSTIN.test(gstin)) return "INVALID_FORMAT";
  if (!Object.hasOwn(GST_STATES, gstin.slice(0, 2))) return "INVALID_STATE_CODE";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return "INVALID_CHECKSUM";
  return undefined;
}

/** The state code (first two digits) of a valid GSTIN. */
export function gstinState(gstin: string): string {
  return gstin.slice(0, 2);
}
