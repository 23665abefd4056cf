import type { FareRequirements, RequiredAt } from "@tarmac/airline-port";
import { fieldError, type FieldError } from "@tarmac/kernel";
import { gstAddressLineError, gstinFieldError } from "@tarmac/tax";
import type { PassengerInput } from "./booking-request.js";
import { countryCodeError } from "./country-codes.js";
import { isCalendarDate } from "./dates.js";

/** An individual's PAN: five letters (the fourth P, a person), four digits, a letter. */
const PAN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;
const ANY_PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** Passport numbers of the issuing countries whose format we know; others: ICAO 9303, up to 9 letters or digits. */
const PASSPORT_FORMATS: Readonly<Record<string, readonly [RegExp, string]>> = {
  IN: [/^[A-Z][0-9]{7}$/, "an Indian passport number is a letter and 7 digits, e.g. K1234567"],
  US: [/^([0-9]{9}|[A-Z][0-9]{8})$/, "a US passport number is 9 digits, or a letter and 8 digits"],
  GB: [/^[0-9]{9}$/, "a UK passport number is 9 digits"],
  CA: [/^[A-Z]{2}[0-9]{6}$/, "a Canadian passport number is 2 letters and 6 digits"],
  AU: [/^[A-Z]{1,2}[0-9]{7}$/, "an Australian passport number is 1 or 2 letters and 7 digits"],
  AE: [/^[A-Z0-9]{7,9}$/, "a UAE passport number is 7 to 9 letters or digits"],
};
const ICAO_DOCUMENT_NUMBER: readonly [RegExp, string] = [/^[A-Z0-9]{5,9}$/, "must be 5 to 9 capital letters or digits"];

/**
 * Travel documents the fare asks for (API guide, Travel documents). `stage` BOOK checks what the
 * fare needs at BOOK; TICKET what it needs at BOOK or TICKET (a booking paid at once is ticketed
 * at once). A document given but not needed is still checked: the airline would get it.
 */
export function documentErrors(passengers: readonly PassengerInput[], fare: FareRequirements, stage: RequiredAt): FieldError[] {
  const needed = (at: RequiredAt | undefined) => at !== undefined && (at === "BOOK" || stage === "TICKET");
  const errors: FieldError[] = [];
  passengers.forEach((p, i) => {
    const at = (field: string) => `passengers[${i}].${field}`;
    const rule = fare.passengers.find((r) => r.type === p.type);
    const passportNeeded = needed(rule?.passport?.requiredAt);
    const givenPassport = p.passportNumber !== "" || p.passportExpiry !== "" || p.passportIssuingCountry !== "";
    if (passportNeeded || givenPassport) errors.push(...passportErrors(p, at, rule?.passport?.minExpiryDate));
    if (p.pan !== "") {
      if (!ANY_PAN.test(p.pan))
        errors.push(fieldError(at("pan"), "INVALID_FORMAT", "must be a PAN: 5 capital letters, 4 digits, a capital letter (AAAAA9999A)"));
      else if (!PAN.test(p.pan))
        errors.push(fieldError(at("pan"), "INVALID_VALUE", "must be an individual's PAN (its fourth letter is P)"));
    } else if (needed(rule?.pan)) {
      errors.push(
        fieldError(at("pan"), "REQUIRED", `the fare needs the passenger's PAN at ${rule?.pan === "BOOK" ? "booking" : "ticketing"}`),
      );
    }
  });
  return errors;
}

function passportErrors(p: PassengerInput, at: (field: string) => string, minExpiry: string | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const country = p.passportIssuingCountry;
  if (country === "") errors.push(fieldError(at("passport_issuing_country"), "REQUIRED", "the fare needs the passport's issuing country"));
  else {
    const problem = countryCodeError(at("passport_issuing_country"), country);
    if (problem) errors.push(problem);
  }
  if (p.passportNumber === "") errors.push(fieldError(at("passport_number"), "REQUIRED", "the fare needs the passport's number"));
  else {
    const [format, rule] = (Object.hasOwn(PASSPORT_FORMATS, country) ? PASSPORT_FORMATS[country] : undefined) ?? ICAO_DOCUMENT_NUMBER;
    if (!format.test(p.passportNumber)) errors.push(fieldError(at("passport_number"), "INVALID_FORMAT", rule));
  }
  if (p.passportExpiry === "") errors.push(fieldError(at("passport_expiry"), "REQUIRED", "the fare needs the passport's expiry date"));
  else if (!isCalendarDate(p.passportExpiry)) errors.push(fieldError(at("passport_expiry"), "INVALID_FORMAT", "must be a date YYYY-MM-DD"));
  else if (minExpiry !== undefined && p.passportExpiry < minExpiry)
    errors.push(
      fieldError(
        at("passport_expiry"),
        "OUT_OF_RANGE",
        `the passport must be valid until at least ${minExpiry}, six months after the last flight`,
      ),
    );
  return errors;
}

export interface GstInput {
  readonly gstin: string;
  readonly registeredName: string;
  readonly address: string;
  readonly email: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The agency's GST details: required when the fare asks for them, checked whenever given. */
export function gstErrors(gst: GstInput | undefined, required: RequiredAt | undefined): FieldError[] {
  if (gst === undefined) return required === undefined ? [] : [fieldError("gst", "REQUIRED", "the fare needs the agency's GST details")];
  const errors: FieldError[] = [];
  const gstin = gstinFieldError("gst.gstin", gst.gstin);
  if (gstin) errors.push(gstin);
  if (gst.registeredName.trim() === "") errors.push(fieldError("gst.registered_name", "REQUIRED", "is required"));
  else if (gst.registeredName.length > 100)
    errors.push(fieldError("gst.registered_name", "OUT_OF_RANGE", "must be at most 100 characters"));
  if (gst.address.trim() === "") errors.push(fieldError("gst.address", "REQUIRED", "is required"));
  else if (gst.address.length > 300) errors.push(fieldError("gst.address", "OUT_OF_RANGE", "must be at most 300 characters"));
  else {
    // The address must lie in the GSTIN's state, as auth and the admin command check a billing address.
    const state = gstAddressLineError("gst.address", gst.address, gst.gstin);
    if (state) errors.push(state);
  }
  if (gst.email === "") errors.push(fieldError("gst.email", "REQUIRED", "is required"));
  else if (!EMAIL.test(gst.email) || gst.email.length > 254)
    errors.push(fieldError("gst.email", "INVALID_FORMAT", "must be an e-mail address"));
  return errors;
}
