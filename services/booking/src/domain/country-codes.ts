// The library's index without its 80 name locales (its package entry registers them all): the codes table is all we need.
import countries from "i18n-iso-countries/index.js";
import { fieldError, type FieldError } from "@tarmac/kernel";

/** ISO 3166-1 alpha-2 codes as `i18n-iso-countries` ships them (no network; not Intl, which knows regions like QO). */
const CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));
const TWO_CAPITALS = /^[A-Z]{2}$/;

/** A country code field (nationality, passport issuing country): two capitals that ISO 3166-1 assigns to a country. */
export function countryCodeError(field: string, code: string): FieldError | undefined {
  if (!TWO_CAPITALS.test(code)) return fieldError(field, "INVALID_FORMAT", "must be a two-letter country code");
  if (!CODES.has(code)) return fieldError(field, "INVALID_VALUE", `${code} is not an ISO 3166-1 alpha-2 country code`);
  return undefined;
}
