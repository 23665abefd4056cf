import type { ProviderAncillaryOption } from "@tarmac/airline-port";
import type { Signer } from "@tarmac/kernel";

/** A baggage or meal option QuoteAncillaryAddition offered one passenger of one booking on one segment: the airline's option, bound. */
export interface AdditionClaims extends ProviderAncillaryOption {
  readonly bookingId: string;
  readonly agentId: string;
  readonly paxId: string;
  readonly segmentIndex: number;
  /** Epoch milliseconds. */
  readonly expiresAtMs: number;
}

interface Payload {
  readonly b: string;
  readonly t: string;
  readonly a: string;
  readonly g: number;
  readonly k: "B" | "M";
  readonly c: string;
  readonly d: string;
  readonly p: number;
  readonly m: number;
  readonly w: number;
  readonly i: boolean;
  readonly x: number;
}

/** Why a token does not open: not ours (forged, altered, a fare's token), another booking's or agent's, or too old. */
export type AdditionTokenRefusal = "UNKNOWN" | "OTHER_BOOKING" | "EXPIRED";

export interface AdditionTokenCodec {
  sign(claims: AdditionClaims): string;
  open(token: string, booking: { readonly bookingId: string; readonly agentId: string }, now: Date): AdditionClaims | AdditionTokenRefusal;
}

/**
 * Tokens of options added after booking (kernel signer, purpose "addition-token", so neither a fare
 * lock's ancillary token nor a cursor ever opens as one): bound to the booking and its agent (the
 * fare lock is gone by then), the passenger, the segment, the option, its price and maximum, and
 * an expiry, so a confirm pays what the quote showed, for the booking it was shown for, and only
 * while the airline's price stands.
 */
export function createAdditionTokenCodec(signer: Signer): AdditionTokenCodec {
  return {
    sign(c) {
      const payload: Payload = {
        b: c.bookingId,
        t: c.agentId,
        a: c.paxId,
        g: c.segmentIndex,
        k: c.kind === "BAGGAGE" ? "B" : "M",
        c: c.code,
        d: c.description,
        p: c.pricePaise,
        m: c.maxQuantity,
        w: c.weightKg,
        i: c.forInfants,
        x: c.expiresAtMs,
      };
      return signer.sign(payload);
    },
    open(token, booking, now) {
      const p = signer.verify(token);
      if (!isPayload(p)) return "UNKNOWN";
      if (p.b !== booking.bookingId || p.t !== booking.agentId) return "OTHER_BOOKING";
      if (p.x <= now.getTime()) return "EXPIRED";
      return {
        bookingId: p.b,
        agentId: p.t,
        paxId: p.a,
        segmentIndex: p.g,
        kind: p.k === "B" ? "BAGGAGE" : "MEAL",
        code: p.c,
        description: p.d,
        pricePaise: p.p,
        maxQuantity: p.m,
        weightKg: p.w,
        forInfants: p.i,
        expiresAtMs: p.x,
      };
    },
  };
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const strings = [v.b, v.t, v.a, v.c, v.d].every((s) => typeof s === "string");
  const numbers = [v.g, v.p, v.m, v.w, v.x].every((n) => Number.isSafeInteger(n));
  return strings && numbers && (v.k === "B" || v.k === "M") && typeof v.i === "boolean";
}
