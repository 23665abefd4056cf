import { fieldError, type FieldError } from "@tarmac/kernel";

// Deliberately plain: one @, a dot in the domain, no spaces. Deliverability is the airline's check.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** E.164: a plus, a country code not starting with 0, 8 to 15 digits in all. */
const PHONE = /^\+[1-9]\d{7,14}$/;

export function contactErrors(contact: { readonly email: string; readonly phone: string } | undefined): FieldError[] {
  if (contact === undefined) return [fieldError("contact_info", "REQUIRED", "is required")];
  const errors: FieldError[] = [];
  if (contact.email === "") errors.push(fieldError("contact_info.email", "REQUIRED", "is required"));
  else if (contact.email.length > 254 || !EMAIL.test(contact.email)) {
    errors.push(fieldError("contact_info.email", "INVALID_FORMAT", "must be an e-mail address"));
  }
  if (contact.phone === "") errors.push(fieldError("contact_info.phone", "REQUIRED", "is required"));
  else if (!PHONE.test(contact.phone)) {
    errors.push(fieldError("contact_info.phone", "INVALID_FORMAT", "must be in international format with a leading +, e.g. +919812345678"));
  }
  return errors;
}
