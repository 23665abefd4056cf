import { gstAddressStateError, gstinFieldError, gstStateCode } from "@tarmac/tax";
import { z } from "zod";
import { parseRupees } from "./rupees.js";
import { parseScopeList } from "./scopes.js";

/**
 * zod schemas for the values of arguments and flags: each takes the text parseArgs gave and
 * yields what the RPC wants, with a message that names no secret.
 */

const PRINTABLE = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;
const FULL_API_KEY = /^tk_(?:live|test)_/;

/** The label (<agent id>, --reference) is put in front of the message by the caller. */
const required = { error: "is required" };

/** An agent id, as the services take it: printable ASCII without outer spaces, at most 128. */
export const agentId = z
  .string(required)
  .max(128, "must be at most 128 characters")
  .regex(PRINTABLE, "must be printable ASCII without leading or trailing spaces");

/** A key id as `keys list` shows it; a pasted full key is refused without being echoed. */
export const keyId = z
  .string(required)
  .refine((v) => !FULL_API_KEY.test(v), "looks like a whole API key: pass only its key id (see 'keys list')")
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a key id such as Ab3dE6gH (letters and digits)"));

/** A webhook endpoint id as `webhooks list` shows it ("whe_" and a ULID). */
export const endpointId = z
  .string(required)
  .regex(/^whe_[0-9A-Za-z]{1,64}$/, "must be an endpoint id such as whe_01JD8X3Q4N (see 'webhooks list')");

/** A page cursor as a previous page printed it. */
export const cursor = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .regex(/^[\x21-\x7E]+$/, "must be a cursor as the previous page printed it")
  .optional();

/** An idempotency reference for money movements (the wallet replays a repeated one). */
export const reference = z
  .string(required)
  .max(255, "must be at most 255 characters")
  .regex(PRINTABLE, "must be printable ASCII without leading or trailing spaces");

export const agentName = z
  .string(required)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"));

/** Free text for people (reasons): optional, bounded. */
export const note = z.string().max(500, "must be at most 500 characters").optional();

export const email = z.email("must be an e-mail address such as ops@agency.example").optional();

export const phone = z
  .string()
  .regex(/^\+[1-9]\d{7,14}$/, "must be a phone number in international form such as +919812345678")
  .optional();

/** Rupees as text -> exact integer paise; `min` in paise. */
export function rupees(min: number) {
  return z.string(required).transform((text, ctx) => {
    const parsed = parseRupees(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: `"${text}" ${parsed.reason}` });
    else if (parsed.paise < min) ctx.addIssue({ code: "custom", message: `must be at least ${min === 1 ? "0.01" : min / 100} rupees` });
    else return parsed.paise;
    return z.NEVER;
  });
}

export const scopeList = z.string().transform((text, ctx) => {
  const parsed = parseScopeList(text);
  if (parsed.ok) return parsed.scopes;
  ctx.addIssue({ code: "custom", message: parsed.reason });
  return z.NEVER;
});

/** A whole number from min to max, given as decimal digits. */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);
}

/** A GSTIN, checked as auth and booking check it (format, state code, check character); upper-cased. */
export const gstin = z
  .string(required)
  .transform((v) => v.trim().toUpperCase())
  .superRefine((v, ctx) => {
    const problem = gstinFieldError("gstin", v);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message });
  });

/** A state or union territory as the GST state list names it (any case), e.g. Karnataka. */
export const gstState = z
  .string(required)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, "must not be empty").max(100, "must be at most 100 characters"))
  .refine(
    (v) => gstStateCode(v) !== undefined,
    "must be an Indian state or union territory as the GST state list names it, e.g. Karnataka",
  );

/** --state against --gstin: the address must be in the state the GSTIN is registered in (auth checks the same). */
export function stateOfGstin(input: { gstin: string; state: string }, ctx: z.RefinementCtx): void {
  const problem = gstAddressStateError("state", input.state, input.gstin);
  if (problem) ctx.addIssue({ code: "custom", path: ["state"], message: problem.message });
}

/** An Indian PIN code: 6 digits, the first 1 to 9. */
export const pinCode = z.string(required).regex(/^[1-9][0-9]{5}$/, "must be a 6-digit PIN code such as 560001");

/** Text for an address or a legal name: required, trimmed, 1..max characters. */
export function addressText(max: number) {
  return z
    .string(required)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "must not be empty").max(max, `must be at most ${max} characters`));
}

/** The lines of an address (--address-line, given once per line): 1 to 3, each at most 200 characters. */
export const addressLines = z
  .array(addressText(200), required)
  .min(1, "is required (give it once per line)")
  .max(3, "may be given at most 3 times");

export const requiredEmail = z.email({
  error: (issue) => (issue.input === undefined ? "is required" : "must be an e-mail address such as accounts@agency.example"),
});
