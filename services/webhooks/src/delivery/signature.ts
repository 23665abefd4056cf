import { createHmac, randomBytes } from "node:crypto";

/** Every endpoint secret starts with this; the rest is 32 random bytes, base64url. */
const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A fresh endpoint secret: `whsec_` and 32 random bytes, base64url (43 characters). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64url");
}

/** Hex HMAC-SHA256 of `<t>.<body>`; the key is the whole secret string, `whsec_` included, as UTF-8. */
export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestampSeconds}.${body}`, "utf8").digest("hex");
}

/**
 * The `Tarmac-Signature` value: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, one `v1` per secret, in
 * the order given (the current secret first, then the previous one during a rotation's grace period).
 */
export function signatureHeader(secrets: readonly string[], body: string, timestampSeconds: number): string {
  if (secrets.length === 0) throw new Error("signatureHeader needs at least one secret");
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new Error("signatureHeader needs a timestamp in whole unix seconds");
  }
  const signatures = secrets.map((secret) => `v1=${signPayload(secret, body, timestampSeconds)}`);
  return [`t=${timestampSeconds}`, ...signatures].join(",");
}
