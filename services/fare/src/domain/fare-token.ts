import { DomainError, type Signer } from "@tarmac/kernel";

/** What a fare token vouches for: one agent's lock of one offer at one price until a deadline. */
export interface FareTokenClaims {
  readonly lockId: string;
  readonly agentId: string;
  readonly offerId: string;
  readonly finalPricePaise: number;
  readonly lockedUntil: Date;
}

interface Payload {
  readonly l: string;
  readonly a: string;
  readonly o: string;
  readonly p: number;
  readonly e: number;
}

export interface FareTokenCodec {
  sign(claims: FareTokenClaims): string;
  /**
   * The claims of a genuine, unexpired token of this agent. Forged, altered, malformed or another
   * agent's: BOOKING_FARE_TOKEN_INVALID (the same answer, so tokens cannot be probed); past its
   * lock: BOOKING_FARE_EXPIRED.
   */
  open(token: string, agentId: string, now: Date): FareTokenClaims;
}

/** Fare tokens (kernel signer with purpose "fare-token"): opaque, signed, bound to agent, offer and price. */
export function createFareTokenCodec(signer: Signer): FareTokenCodec {
  return {
    sign(claims) {
      const payload: Payload = {
        l: claims.lockId,
        a: claims.agentId,
        o: claims.offerId,
        p: claims.finalPricePaise,
        e: claims.lockedUntil.getTime(),
      };
      return signer.sign(payload);
    },
    open(token, agentId, now) {
      const payload = signer.verify(token);
      if (!isPayload(payload) || payload.a !== agentId) throw fareTokenInvalid();
      if (payload.e <= now.getTime()) throw fareExpired(new Date(payload.e));
      return { lockId: payload.l, agentId: payload.a, offerId: payload.o, finalPricePaise: payload.p, lockedUntil: new Date(payload.e) };
    },
  };
}

export function fareTokenInvalid(): DomainError {
  return new DomainError("BOOKING_FARE_TOKEN_INVALID", "The fare token is not valid; validate the fare to get a new one");
}

function fareExpired(lockedUntil: Date): DomainError {
  return new DomainError(
    "BOOKING_FARE_EXPIRED",
    `The fare lock expired at ${lockedUntil.toISOString()}; validate the fare again to get a new price and fare token`,
  );
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.l === "string" && typeof v.a === "string" && typeof v.o === "string" && Number.isSafeInteger(v.p) && Number.isSafeInteger(v.e)
  );
}
