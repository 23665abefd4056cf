import type { JsonObject } from "@bufbuild/protobuf";

export interface LockedPax {
  readonly adult: number;
  readonly child: number;
  readonly infant: number;
}

/**
 * A 15-minute price lock (API guide, Fare validation and seat maps): what one agent validated, at which price, for which
 * passengers. The fare token names it; booking reads it back through GetFareLock.
 */
export interface FareLock {
  /** `flk_` + ULID. */
  readonly lockId: string;
  readonly agentId: string;
  readonly searchId: string;
  readonly offerId: string;
  /** The offer's signature from the search: seat map requests must name the same offer. */
  readonly signature: string;
  readonly provider: string;
  /** The provider's own key of the itinerary and fare, for seat maps and booking. */
  readonly providerOfferKey: string;
  readonly pax: LockedPax;
  /** best_price_paise at the locked (live) price. */
  readonly finalPricePaise: number;
  readonly currency: string;
  /** The locked offer as validation answered it: protobuf JSON of tarmac.search.v1.Offer. */
  readonly offer: JsonObject;
  readonly createdAt: Date;
  /** createdAt + 15 minutes. */
  readonly lockedUntil: Date;
}

/**
 * Price locks. Reads ignore locks whose `lockedUntil` has passed, whether or not the adapter has
 * physically removed them yet (the MongoDB adapter's TTL index removes them later).
 */
export interface FareLockStore {
  /** Stores a new lock; a lock id that already exists is a bug and rejects. */
  save(lock: FareLock): Promise<void>;
  /** The lock, or undefined when unknown or expired. */
  find(lockId: string): Promise<FareLock | undefined>;
}
