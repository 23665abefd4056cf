import type { IncomingHttpHeaders } from "node:http";
import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

const MAX_LENGTH = 255;
/** API guide, Idempotency: printable characters; ASCII, so a key means the same bytes everywhere. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The Idempotency-Key of a request to an idempotent route. An empty header counts as missing, as
 * an empty X-API-Key does. The key is used as sent (case and inner spaces matter; Node has already
 * trimmed the ends).
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined || value === "") {
    throw new DomainError("IDEMPOTENCY_KEY_REQUIRED", "The Idempotency-Key header is required on this operation");
  }
  if (typeof value !== "string" || !PRINTABLE_ASCII.test(value)) {
    throw validationFailed([fieldError("Idempotency-Key", "INVALID_FORMAT", "must be printable ASCII characters")]);
  }
  if (value.length > MAX_LENGTH) {
    throw validationFailed([fieldError("Idempotency-Key", "OUT_OF_RANGE", `must be at most ${MAX_LENGTH} characters long`)]);
  }
  return value;
}
