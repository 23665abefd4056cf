import { fieldError, validationFailed, type Clock } from "@tarmac/kernel";
import { offerNotFound, searchExpired, type OfferSigner } from "./domain/offer-signature.js";
import { offerSearchCreatedAt } from "./domain/offer-ids.js";
import { searchCreatedAt } from "./domain/search-id.js";
import type { FoundOffer, SearchCacheStore } from "./store/search-cache-store.js";

/** How a caller names an offer: its signature, or its id within a search (empty strings: not sent). */
export interface OfferReference {
  readonly searchId: string;
  readonly signature: string;
  readonly offerId: string;
}

/**
 * Finds one cached offer for its own agent. Another agent's offer is answered exactly like an
 * unknown one (SEARCH_OFFER_NOT_FOUND); an offer whose search is over gives SEARCH_EXPIRED however it
 * is named (signature, search and offer id, or offer id alone), so GetOffer, PriceOffer and the
 * callers behind them (fare validate, reschedule quote) answer an expired search the same way.
 */
export class OfferFinder {
  constructor(
    private readonly store: SearchCacheStore,
    private readonly signer: OfferSigner,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async find(request: OfferReference, agentId: string): Promise<FoundOffer> {
    if (request.signature !== "") return this.bySignature(request, agentId);
    if (request.offerId !== "") return this.byOfferId(request, agentId);
    throw validationFailed([fieldError("signature", "REQUIRED", "signature or offer_id is required")]);
  }

  private async bySignature(request: OfferReference, agentId: string): Promise<FoundOffer> {
    const searchId = request.searchId === "" ? undefined : request.searchId;
    const signed = this.signer.open(request.signature, { agentId, searchId }, this.clock.now());
    if (request.offerId !== "" && request.offerId !== signed.offerId) throw offerNotFound();
    // The signature names its offer: found by id, no index on signatures needed.
    const found = await this.store.findOffer(signed.searchId, signed.offerId);
    // The signature is genuine and within its lifetime: a cache that no longer has it lost it early.
    if (!found) throw searchExpired();
    if (found.offer.signature !== request.signature) throw offerNotFound();
    if (found.meta.agentId !== agentId) throw offerNotFound();
    return found;
  }

  private async byOfferId(request: OfferReference, agentId: string): Promise<FoundOffer> {
    if (request.searchId === "") {
      // Offer ids are unique across searches: the agent's own live offer is found without its search.
      const found = await this.store.findOfferById(request.offerId);
      if (found) {
        if (found.meta.agentId !== agentId) throw offerNotFound();
        return found;
      }
      // Gone from the cache: its id tells an offer of a search that is over from one that never was.
      throw this.isOver(offerSearchCreatedAt(request.offerId)) ? searchExpired() : offerNotFound();
    }
    const found = await this.store.findOffer(request.searchId, request.offerId);
    if (found) {
      if (found.meta.agentId !== agentId) throw offerNotFound();
      return found;
    }
    if (await this.store.page(request.searchId, 0, 0)) throw offerNotFound();
    throw this.isOver(searchCreatedAt(request.searchId)) ? searchExpired() : offerNotFound();
  }

  /** Whether a search created at `createdAt` (undefined: not known) is over. */
  private isOver(createdAt: Date | undefined): boolean {
    return createdAt !== undefined && createdAt.getTime() + this.ttlSeconds * 1000 <= this.clock.now().getTime();
  }
}
