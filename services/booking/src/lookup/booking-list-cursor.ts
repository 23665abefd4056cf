import { fieldError, validationFailed, type Signer } from "@tarmac/kernel";
import type { BookingStatus } from "../domain/booking.js";
import type { BookingListQuery } from "../store/booking-list-query.js";

/** What a list cursor carries: the first page's filters and the last booking shown. */
type BookingListCursor = Required<Pick<BookingListQuery, "agentId" | "after">> &
  Pick<BookingListQuery, "status" | "createdFrom" | "createdTo">;

export interface BookingListCursorCodec {
  encode(cursor: BookingListCursor): string;
  /** The cursor, or VALIDATION_FAILED on `cursor` (malformed, altered, forged, another agent's). */
  decode(token: string, agentId: string): BookingListCursor;
}

interface Payload {
  readonly a: string;
  readonly t: number;
  readonly i: string;
  readonly s?: string;
  readonly f?: number;
  readonly u?: number;
}

/**
 * List cursors: kernel-signed tokens (purpose "booking-list"), opaque Base64url. They do not
 * expire: a position in an agent's bookings by creation stays meaningful.
 */
export function createBookingListCursorCodec(signer: Signer, statuses: readonly BookingStatus[]): BookingListCursorCodec {
  return {
    encode({ agentId, after, status, createdFrom, createdTo }) {
      const payload: Payload = {
        a: agentId,
        t: after.createdAt.getTime(),
        i: after.bookingId,
        ...(status && { s: status }),
        ...(createdFrom && { f: createdFrom.getTime() }),
        ...(createdTo && { u: createdTo.getTime() }),
      };
      return signer.sign(payload);
    },
    decode(token, agentId) {
      const p = signer.verify(token);
      // Another agent's cursor is answered like a forged one.
      if (!isPayload(p, statuses) || p.a !== agentId) {
        throw validationFailed([fieldError("cursor", "INVALID_VALUE", "is not a valid booking list cursor; request the first page again")]);
      }
      return {
        agentId: p.a,
        after: { createdAt: new Date(p.t), bookingId: p.i },
        ...(p.s !== undefined && { status: p.s as BookingStatus }),
        ...(p.f !== undefined && { createdFrom: new Date(p.f) }),
        ...(p.u !== undefined && { createdTo: new Date(p.u) }),
      };
    },
  };
}

function isPayload(value: unknown, statuses: readonly string[]): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const time = (x: unknown) => x === undefined || Number.isSafeInteger(x);
  return (
    typeof v.a === "string" &&
    Number.isSafeInteger(v.t) &&
    typeof v.i === "string" &&
    (v.s === undefined || (typeof v.s === "string" && statuses.includes(v.s))) &&
    time(v.f) &&
    time(v.u)
  );
}
