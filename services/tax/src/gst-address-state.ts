import { defined, fieldError, type FieldError } from "@tarmac/kernel";
import { GST_STATES, gstinProblem, gstinState } from "./gstin.js";

/** A state name compared without case, punctuation or spacing, "&" read as "and". */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();
const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(GST_STATES).map(([code, name]) => [nameKey(name), code]));

/** The GST state code of a state or union territory named as the GST state list names it ("Tamil Nadu", "tamil nadu"). */
export function gstStateCode(name: string): string | undefined {
  return CODE_BY_NAME.get(nameKey(name));
}

/**
 * The field error an address's state earns next to its GSTIN (auth's `billing.address.state`, the
 * admin CLI's --state), or undefined: a name not in the GST state list, or a state other than the
 * one the GSTIN is registered in (its first two digits), is INVALID_VALUE. An empty state is the
 * caller's REQUIRED; an invalid GSTIN is reported on the GSTIN alone.
 */
export function gstAddressStateError(field: string, state: string, gstin: string): FieldError | undefined {
  if (state.trim() === "") return undefined;
  const code = gstStateCode(state);
  if (code === undefined)
    return fieldError(field, "INVALID_VALUE", "must be an Indian state or union territory as the GST state list names it, e.g. Karnataka");
  if (gstinProblem(gstin) !== undefined) return undefined;
  const registered = gstinState(gstin);
  if (code === registered) return undefined;
  return fieldError(
    field,
    "INVALID_VALUE",
    `is in ${GST_STATES[code]} (GST state code ${code}) but the GSTIN is registered in ${GST_STATES[registered]} (${registered}): ` +
      "give the address the GSTIN is registered at",
  );
}

/**
 * The field error a one-line address earns next to its GSTIN (booking create's `gst.address`):
 * INVALID_VALUE when it names a state or union territory (as the GST state list names it, e.g.
 * "Bengaluru, Karnataka 560001") and none of the states it names is the GSTIN's. An address that
 * names no state is left alone (it cannot be told); the check is gstAddressStateError's.
 */
export function gstAddressLineError(field: string, address: string, gstin: string): FieldError | undefined {
  if (gstinProblem(gstin) !== undefined) return undefined;
  const words = ` ${nameKey(address)} `;
  const named = [...CODE_BY_NAME].filter(([name]) => words.includes(` ${name} `)).map(([, code]) => code);
  const [first] = named;
  if (first === undefined || named.includes(gstinState(gstin))) return undefined;
  return gstAddressStateError(field, defined(GST_STATES[first], "GST state"), gstin);
}
