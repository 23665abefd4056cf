import type { JsonObject } from "@bufbuild/protobuf";
import type { FareLock } from "./fare-lock-store.js";

/** One `fare_locks` document; `_id` is the lock id. */
export interface FareLockDocument {
  _id: string;
  agentId: string;
  searchId: string;
  offerId: string;
  signature: string;
  provider: string;
  providerOfferKey: string;
  pax: { adult: number; child: number; infant: number };
  finalPricePaise: number;
  currency: string;
  /**
   * Protobuf JSON of tarmac.search.v1.Offer, stored as a sub-document so support can query it.
   * Its keys are lowerCamelCase field names (the message has no map fields), so none starts with
   * `$` or contains `.`: MongoDB 5.0+ would store such keys, but queries reach them only through
   * $getField, and the driver reads a `{ $ref, $id }` sub-document back as a DBRef. int64 fields
   * are strings in protobuf JSON and stay strings here.
   */
  offer: JsonObject;
  /** BSON date. */
  createdAt: Date;
  /** BSON date; the TTL index removes the document an hour after it. */
  lockedUntil: Date;
}

export function toFareLockDocument(lock: FareLock): FareLockDocument {
  return {
    _id: lock.lockId,
    agentId: lock.agentId,
    searchId: lock.searchId,
    offerId: lock.offerId,
    signature: lock.signature,
    provider: lock.provider,
    providerOfferKey: lock.providerOfferKey,
    pax: { adult: lock.pax.adult, child: lock.pax.child, infant: lock.pax.infant },
    finalPricePaise: lock.finalPricePaise,
    currency: lock.currency,
    offer: lock.offer,
    createdAt: lock.createdAt,
    lockedUntil: lock.lockedUntil,
  };
}

export function fromFareLockDocument(doc: FareLockDocument): FareLock {
  return {
    lockId: doc._id,
    agentId: doc.agentId,
    searchId: doc.searchId,
    offerId: doc.offerId,
    signature: doc.signature,
    provider: doc.provider,
    providerOfferKey: doc.providerOfferKey,
    pax: { adult: doc.pax.adult, child: doc.pax.child, infant: doc.pax.infant },
    finalPricePaise: doc.finalPricePaise,
    currency: doc.currency,
    offer: doc.offer,
    createdAt: doc.createdAt,
    lockedUntil: doc.lockedUntil,
  };
}
