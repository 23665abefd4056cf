import { DomainError, type Signer } from "@tarmac/kernel";

interface SignedOffer {
  readonly searchId: string;
  readonly offerId: string;
  readonly agentId: string;
  readonly expiresAt: Date;
}

export interface OfferSigner {
  sign(offer: SignedOffer): string;
  /**
   * What the signature vouches for, or SEARCH_OFFER_NOT_FOUND (malformed, altered, another
   * agent's, another search's) or SEARCH_EXPIRED (its search is over).
   */
  open(signature: string, expected: { agentId: string; searchId?: string | undefined }, now: Date): SignedOffer;
}

interface SignaturePayload {
  readonly s: string;
  readonly o: string;
  readonly a: string;
  readonly e: number;
}

/**
 * Offer signatures (purpose "offer-signature") carry the search's expiry, so an expired offer is
 * told apart from an unknown one after the cache has forgotten the search.
 */
export function createOfferSigner(signer: Signer): OfferSigner {
  return {
    sign(offer) {
      const payload: SignaturePayload = { s: offer.searchId, o: offer.offerId, a: offer.agentId, e: offer.expiresAt.getTime() };
      return signer.sign(payload);
    },
    open(signature, expected, now) {
      const payload = signer.verify(signature);
      if (
        !isSignaturePayload(payload) ||
        payload.a !== expected.agentId ||
        (expected.searchId !== undefined && payload.s !== expected.searchId)
      ) {
        throw offerNotFound();
      }
      if (payload.e <= now.getTime()) throw searchExpired();
      return { searchId: payload.s, offerId: payload.o, agentId: payload.a, expiresAt: new Date(payload.e) };
    },
  };
}

export function offerNotFound(): DomainError {
  return new DomainError("SEARCH_OFFER_NOT_FOUND", "No such offer; it may belong to another search");
}

export function searchExpired(): DomainError {
  return new DomainError("SEARCH_EXPIRED", "The search has expired (offers live 30 minutes); start a new search");
}

function isSignaturePayload(value: unknown): value is SignaturePayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.s === "string" && typeof v.o === "string" && typeof v.a === "string" && Number.isSafeInteger(v.e);
}
