import { DomainError } from "@tarmac/kernel";
import type { Booking } from "./booking.js";
import type { ConfirmAnswer, KeyedConfirmation } from "./confirm-answers.js";

/** A confirm's key and the fingerprint of its request (kind, booking, terms). */
export interface ConfirmKey {
  readonly idempotencyKey: string;
  readonly fingerprint: string;
}

/**
 * A booking (found by the agent's key) that already answered a confirm under `key`: its answer
 * again when the request is the same, IDEMPOTENCY_KEY_REUSED when it is not. Undefined when the
 * booking holds no confirm under the key, or while its confirm with this key is still running
 * (IDEMPOTENCY_REQUEST_IN_PROGRESS).
 */
export function replayedConfirm(booking: Booking | undefined, key: ConfirmKey): ConfirmAnswer | undefined {
  if (!booking) return undefined;
  const done = booking.confirmations?.find((c) => c.idempotencyKey === key.idempotencyKey);
  const running = [booking.pendingReschedule, booking.hold?.ticketing, booking.pendingCancellation, booking.pendingAddition];
  const pending = running.find((p) => p?.idempotencyKey !== undefined && p.idempotencyKey === key.idempotencyKey);
  const fingerprint = done?.fingerprint ?? pending?.fingerprint;
  if (fingerprint === undefined) return undefined;
  if (fingerprint !== key.fingerprint) throw keyReused();
  if (!done) throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "This confirm is still running; retry in a moment");
  return done.answer;
}

/** The booking's keyed confirms with one more (the newest last). */
export function withConfirmation(booking: Booking, confirmation: KeyedConfirmation): KeyedConfirmation[] {
  return [...(booking.confirmations ?? []), confirmation];
}

export function keyReused(): DomainError {
  return new DomainError("IDEMPOTENCY_KEY_REUSED", "This idempotency key was already used with a different request");
}
