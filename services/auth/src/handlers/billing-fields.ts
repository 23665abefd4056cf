import { fieldError } from "@tarmac/kernel";
import { gstAddressStateError, gstinFieldError } from "@tarmac/tax";
import type { BillingDetails as ProtoBillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { normalizeEmail } from "../domain/agent-user.js";
import { MAX_ADDRESS_LINES, PIN_CODE, type BillingDetails } from "../domain/billing-details.js";
import type { RequestFields } from "../request-fields.js";

/**
 * SetAgentBilling's `billing`, checked field by field (every problem named at once): the GSTIN by
 * the kernel's validator (format, state code, check character, as booking checks a booking's
 * `gst`), the legal name (at most 100 characters, as booking's registered_name), the address
 * (1 to 3 lines, city, a state named as the GST state list names it and the one the GSTIN is
 * registered in, a 6-digit PIN code, country IN) and the e-mail.
 */
export function billingFields(f: RequestFields, billing: ProtoBillingDetails | undefined): BillingDetails {
  if (!billing) f.add(fieldError("billing", "REQUIRED", "billing is required"));
  const gstin = billing?.gstin.trim().toUpperCase() ?? "";
  const gstinError = billing && gstinFieldError("billing.gstin", gstin);
  if (gstinError) f.add(gstinError);
  const legalName = billing ? f.name("billing.legal_name", billing.legalName, 100) : "";
  const address = billing?.address;
  if (billing && !address) f.add(fieldError("billing.address", "REQUIRED", "billing.address is required"));
  const lines = (address?.lines ?? []).map((line) => line.trim());
  if (address && lines.length === 0) f.add(fieldError("billing.address.lines", "REQUIRED", "at least one address line is required"));
  if (lines.length > MAX_ADDRESS_LINES)
    f.add(fieldError("billing.address.lines", "OUT_OF_RANGE", `must be at most ${MAX_ADDRESS_LINES} lines`));
  lines.forEach((line, i) => f.name(`billing.address.lines[${i}]`, line, 200));
  const city = address ? f.name("billing.address.city", address.city, 100) : "";
  const state = address ? f.name("billing.address.state", address.state, 100) : "";
  // The GSTIN's state: an invoice's IGST or CGST and SGST follows it, so the address must be there.
  const stateError = address && state.length <= 100 && gstAddressStateError("billing.address.state", state, gstin);
  if (stateError) f.add(stateError);
  const pinCode = address?.pinCode.trim() ?? "";
  if (address && pinCode === "") f.add(fieldError("billing.address.pin_code", "REQUIRED", "billing.address.pin_code is required"));
  else if (address && !PIN_CODE.test(pinCode))
    f.add(fieldError("billing.address.pin_code", "INVALID_FORMAT", "must be a 6-digit PIN code, e.g. 560001"));
  const country = address?.country.trim().toUpperCase() ?? "";
  if (address && country !== "" && country !== "IN")
    f.add(fieldError("billing.address.country", "INVALID_VALUE", "must be IN: GST registrations are Indian"));
  const rawEmail = billing?.email.trim() ?? "";
  const email = rawEmail === "" ? undefined : normalizeEmail(rawEmail);
  if (billing && rawEmail === "") f.add(fieldError("billing.email", "REQUIRED", "billing.email is required"));
  else if (billing && email === undefined) f.add(fieldError("billing.email", "INVALID_FORMAT", "must be an e-mail address"));
  return { gstin, legalName, address: { lines, city, state, pinCode, country: "IN" }, email: email ?? "" };
}
