import type { AncillaryKind } from "@tarmac/airline-port";
import type { Signer } from "@tarmac/kernel";

/** A baggage or meal option as GetAncillaries offered it to one passenger under one fare lock. */
export interface ExtraClaims {
  readonly lockId: string;
  readonly paxId: string;
  readonly segmentIndex: number;
  readonly kind: AncillaryKind;
  readonly code: string;
  readonly description: string;
  readonly pricePaise: number;
  readonly maxQuantity: number;
  readonly weightKg: number;
}

interface Payload {
  readonly l: string;
  readonly a: string;
  readonly g: number;
  readonly k: "B" | "M";
  readonly c: string;
  readonly p: number;
  readonly m: number;
  readonly w: number;
  readonly d: string;
}

export interface ExtraTokenCodec {
  sign(claims: ExtraClaims): string;
  /** The claims of a genuine token issued under this lock, or undefined (forged, altered, another lock's, a seat's). */
  open(token: string, lockId: string): ExtraClaims | undefined;
}

/**
 * Baggage and meal tokens (kernel signer with purpose "extra-token", so a seat token never opens
 * as one): bound to the fare lock, the passenger, the segment, the option, its price and its
 * maximum, so a booking pays what the list showed and buys no more than it allowed; the option's
 * description rides along so the booking can itemise it without asking the airline again. Like seat
 * tokens they live as long as their lock.
 */
export function createExtraTokenCodec(signer: Signer): ExtraTokenCodec {
  return {
    sign(claims) {
      const payload: Payload = {
        l: claims.lockId,
        a: claims.paxId,
        g: claims.segmentIndex,
        k: claims.kind === "BAGGAGE" ? "B" : "M",
        c: claims.code,
        p: claims.pricePaise,
        m: claims.maxQuantity,
        w: claims.weightKg,
        d: claims.description,
      };
      return signer.sign(payload);
    },
    open(token, lockId) {
      const payload = signer.verify(token);
      if (!isPayload(payload) || payload.l !== lockId) return undefined;
      return {
        lockId: payload.l,
        paxId: payload.a,
        segmentIndex: payload.g,
        kind: payload.k === "B" ? "BAGGAGE" : "MEAL",
        code: payload.c,
        pricePaise: payload.p,
        maxQuantity: payload.m,
        weightKg: payload.w,
        description: payload.d,
      };
    },
  };
}

/** `<kind>-<segment index>-<code>`: unique per passenger within one fare's list, readable in a booking. */
export function extraIdOf(kind: AncillaryKind, segmentIndex: number, code: string): string {
  return `${kind}-${segmentIndex}-${code}`;
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.l === "string" &&
    typeof v.a === "string" &&
    Number.isSafeInteger(v.g) &&
    (v.k === "B" || v.k === "M") &&
    typeof v.c === "string" &&
    Number.isSafeInteger(v.p) &&
    Number.isSafeInteger(v.m) &&
    Number.isSafeInteger(v.w) &&
    typeof v.d === "string"
  );
}
