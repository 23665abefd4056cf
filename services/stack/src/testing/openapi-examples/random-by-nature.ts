type Json = unknown;

/**
 * Values of a recording that differ in every run by design: fresh secrets and session tokens are
 * random bytes and one-time codes random digits. Everything else of a run is fixed (clock, seeded
 * ids, sandbox airline, request ids), so a recording compared without these is what the product
 * answers.
 */
const RANDOM: Readonly<Record<string, RegExp>> = {
  secret: /^whsec_/,
  verification_token: /^tk_sess_/,
  code: /^\d{6}$/,
};

/** The recording with each random-by-nature value replaced by `<random>`. */
export function withoutRandomValues(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutRandomValues);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, nested]) => [
      key,
      typeof nested === "string" && RANDOM[key]?.test(nested) ? "<random>" : withoutRandomValues(nested),
    ]),
  );
}
