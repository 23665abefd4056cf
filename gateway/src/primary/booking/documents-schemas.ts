import { closed, date, described, nullable, object, oneOf, paise, string, text } from "../../json-schema.js";

/** Travel documents and GST details on bookings (API guide, Travel documents; GST and invoices). */

const documentFields = {
  passport_number: "Passport number, capital letters and digits; checked against the issuing country's format where known.",
  passport_expiry: "Passport expiry, `YYYY-MM-DD`: at least the fare's `min_expiry_date` (six months after the last flight).",
  passport_issuing_country: "ISO 3166-1 alpha-2 code of the country that issued the passport.",
  pan: "The passenger's Indian PAN, `AAAAA9999A`, an individual's (fourth letter `P`).",
} as const;

/** Optional on create; required as the fare validation's `requirements` say. */
export const passengerDocumentProperties = {
  passport_number: string(documentFields.passport_number, { pattern: "^[A-Z0-9]{1,20}$" }),
  passport_expiry: date(documentFields.passport_expiry),
  passport_issuing_country: string(documentFields.passport_issuing_country, { pattern: "^[A-Z]{2}$" }),
  pan: string(documentFields.pan, { pattern: "^[A-Za-z0-9]{1,10}$" }),
};

export const passengerDocumentOut = {
  passport_number: nullable(string(documentFields.passport_number), `${documentFields.passport_number} Null when not given.`),
  passport_expiry: nullable(date(documentFields.passport_expiry), `${documentFields.passport_expiry} Null when not given.`),
  passport_issuing_country: nullable(
    string(documentFields.passport_issuing_country),
    `${documentFields.passport_issuing_country} Null when not given.`,
  ),
  pan: nullable(string(documentFields.pan), `${documentFields.pan} Null when not given.`),
};

export interface PassengerDocumentsBody {
  passport_number?: string;
  passport_expiry?: string;
  passport_issuing_country?: string;
  pan?: string;
}

const gstFields = {
  gstin: "The agency's 15-character GSTIN; its state code, format and check character are validated.",
  registered_name: "The registered (legal) name on the GST registration.",
  address: "The registered address.",
  email: "Where GST invoices go.",
} as const;

export const gstRequestSchema = described(
  closed(
    {
      gstin: string(gstFields.gstin, { minLength: 1, maxLength: 15 }),
      registered_name: text(100, gstFields.registered_name),
      address: text(300, gstFields.address),
      email: text(254, gstFields.email),
    },
    ["gstin", "registered_name", "address", "email"],
  ),
  "The agency's GST details for the tax invoice: required when the fare's `requirements.gst` says so. Its state decides IGST " +
    "(another state than the platform's) or CGST and SGST on the service fee.",
);

export interface GstBody {
  gstin: string;
  registered_name: string;
  address: string;
  email: string;
}

export const gstOut = nullable(
  object({
    gstin: string(gstFields.gstin),
    registered_name: string(gstFields.registered_name),
    address: string(gstFields.address),
    email: string(gstFields.email),
  }),
  "The GST details the booking is billed to: those given at create, else the agency's billing details at create (set by " +
    "Tarmac operations); null when neither exists (the invoice names the agency as an unregistered recipient).",
);

export const taxLinesOut = nullable(
  object({
    service_fee_paise: paise("The platform's service fee before GST: `ota_markup` less its GST"),
    cgst_paise: paise("Central GST (9%) on the service fee when the agency is in the platform's state, else 0"),
    sgst_paise: paise("State GST (9%) on the service fee when the agency is in the platform's state, else 0"),
    igst_paise: paise("Integrated GST (18%) on the service fee when the agency is in another state, else 0"),
    gross_commission_paise: paise("The commission before TDS: `commission + tds`"),
    tds_paise: paise("TDS withheld from the gross commission (section 194H, 2%)"),
    net_payable_paise: paise("`base_fare + taxes + ota_markup - gross_commission + tds`: equals `net_fare`, the wallet debit for the fare"),
    gst_kind: oneOf(["IGST", "CGST_SGST"], "Which GST applies."),
  }),
  "The tax lines an Indian agency reconciles (API guide, GST and invoices); null on bookings made before they existed.",
);
