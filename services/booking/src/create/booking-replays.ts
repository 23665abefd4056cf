import { DomainError, isErrorCode } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";
import { keyReused } from "../domain/keyed-confirmations.js";

/**
 * The answer to a create whose key already names a booking: IDEMPOTENCY_KEY_REUSED when the
 * request differs from the one that made it (bookings of earlier releases kept no fingerprint and
 * are answered as before), else that booking's outcome, whatever happened to the fare lock or
 * the seats since.
 */
export function replayedBooking(existing: Booking, fingerprint: string): Booking {
  if (existing.requestFingerprint !== undefined && existing.requestFingerprint !== fingerprint) throw keyReused();
  return outcomeOf(existing);
}

/** A booking already stored under the key: its outcome, or the error it failed with. */
function outcomeOf(existing: Booking): Booking {
  if (existing.status === "PENDING") {
    throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "This booking is still being made; retry in a moment", {
      retryAfterSeconds: 2,
    });
  }
  if (existing.status === "FAILED" && existing.failure) {
    const code = isErrorCode(existing.failure.code) ? existing.failure.code : "INTERNAL";
    const { provider } = existing.failure;
    throw new DomainError(code, existing.failure.message, provider ? { provider } : {});
  }
  return existing;
}
