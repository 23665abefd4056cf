import { fieldError, type FieldError } from "@tarmac/kernel";
import { gstinProblem } from "./gstin.js";

const MESSAGES = {
  REQUIRED: "is required",
  INVALID_FORMAT: "must be a 15-character GSTIN: state code, PAN, entity number, Z, check character",
  INVALID_STATE_CODE: "its first two digits are not a GST state code",
  INVALID_CHECKSUM: "its check character does not match: a character is mistyped",
} as const;

/**
 * The field error a GSTIN earns (booking's `gst.gstin`, auth's `billing.gstin`, the admin CLI's
 * --gstin), or undefined for a valid one: "" is REQUIRED, a malformed one INVALID_FORMAT, a wrong
 * state code or check character INVALID_VALUE, each with the message that says which.
 */
export function gstinFieldError(field: string, gstin: string): FieldError | undefined {
  const problem = gstin === "" ? "REQUIRED" : gstinProblem(gstin);
  if (problem === undefined) return undefined;
  return fieldError(field, problem === "INVALID_FORMAT" || problem === "REQUIRED" ? problem : "INVALID_VALUE", MESSAGES[problem]);
}
