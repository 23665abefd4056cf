import type { Signer } from "@tarmac/kernel";

/** A seat of one segment as the seat map offered it under one fare lock. */
export interface SeatClaims {
  readonly lockId: string;
  readonly segmentIndex: number;
  readonly seat: string;
  readonly pricePaise: number;
  readonly exitRow: boolean;
}

interface Payload {
  readonly l: string;
  readonly g: number;
  readonly s: string;
  readonly p: number;
  readonly x: 0 | 1;
}

export interface AncillaryTokenCodec {
  sign(claims: SeatClaims): string;
  /** The claims of a genuine token issued under this lock, or undefined (forged, altered, another lock's). */
  open(token: string, lockId: string): SeatClaims | undefined;
}

/**
 * Seat ancillary tokens (kernel signer with purpose "ancillary-token"): bound to the fare lock, the
 * segment, the seat and its price, so a booking pays exactly what the seat map showed. A token
 * lives as long as its lock (whose expiry the fare token carries), so it needs no expiry of its
 * own; it stays short because the seat map repeats it per passenger.
 */
export function createAncillaryTokenCodec(signer: Signer): AncillaryTokenCodec {
  return {
    sign(claims) {
      const payload: Payload = {
        l: claims.lockId,
        g: claims.segmentIndex,
        s: claims.seat,
        p: claims.pricePaise,
        x: claims.exitRow ? 1 : 0,
      };
      return signer.sign(payload);
    },
    open(token, lockId) {
      const payload = signer.verify(token);
      if (!isPayload(payload) || payload.l !== lockId) return undefined;
      return {
        lockId: payload.l,
        segmentIndex: payload.g,
        seat: payload.s,
        pricePaise: payload.p,
        exitRow: payload.x === 1,
      };
    },
  };
}

/** `<segment index>-<seat>`: unique within one seat map, and readable in a booking. */
export function ancillaryIdOf(segmentIndex: number, seat: string): string {
  return `SEAT-${segmentIndex}-${seat}`;
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.l === "string" && Number.isSafeInteger(v.g) && typeof v.s === "string" && Number.isSafeInteger(v.p) && (v.x === 0 || v.x === 1)
  );
}
