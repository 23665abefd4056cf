import { isMongoServerError, type Clock } from "@tarmac/kernel";
import type { Collection, Db, Filter } from "mongodb";
import type { PricedOffer } from "../domain/priced-offer.js";
import { fromOfferDoc, fromSearchDoc, toOfferDoc, toSearchDoc, type OfferDoc, type SearchDoc } from "./mongo-documents.js";
import type { CachedSearch, FoundOffer, SearchCacheStore, SearchPage } from "./search-cache-store.js";

const MAJORITY = { writeConcern: { w: "majority" as const } };

/**
 * MongoDB search cache: one `searches` document per search and one `search_offers` document per
 * offer, keyed by (searchId, position), so any page is one indexed range scan whatever its offset.
 * TTL indexes remove expired searches; TTL runs about once a minute, so every read also filters
 * on expiresAt.
 */
export class MongoSearchCacheStore implements SearchCacheStore {
  private readonly searches: Collection<SearchDoc>;
  private readonly offers: Collection<OfferDoc>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.searches = db.collection<SearchDoc>("searches", MAJORITY);
    this.offers = db.collection<OfferDoc>("search_offers", MAJORITY);
  }

  /** Opens the store on `db`, creating its indexes first. */
  static async open(db: Db, clock: Clock): Promise<MongoSearchCacheStore> {
    const store = new MongoSearchCacheStore(db, clock);
    await store.ensureIndexes();
    return store;
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([
      this.searches.createIndexes([{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }]),
      this.offers.createIndexes([
        { key: { searchId: 1, position: 1 }, name: "searchId_position", unique: true },
        { key: { searchId: 1, offerId: 1 }, name: "searchId_offerId", unique: true },
        // Reschedule quotes name an offer by its id alone.
        { key: { offerId: 1 }, name: "offerId" },
        { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 },
      ]),
    ]);
    // Earlier releases also indexed offers by signature; a signature names its offer id, so the
    // lookup goes by id and the fifth index entry per offer is gone. A missing index is fine.
    await this.offers.dropIndex("searchId_signature").catch((error: unknown) => {
      if (!(isMongoServerError(error) && error.codeName === "IndexNotFound")) throw error;
    });
  }

  async save(search: CachedSearch): Promise<void> {
    const { meta } = search;
    // Offers first, the search document last: a reader finds the search only once every offer is
    // written, without a multi-thousand-document transaction. A crash in between leaves orphan
    // offers that nobody can reach and that the TTL index removes.
    if (search.offers.length > 0) {
      const docs = search.offers.map((offer, position) => toOfferDoc(meta.searchId, position, meta.expiresAt, offer));
      await this.offers.insertMany(docs, { ordered: false, ...MAJORITY });
    }
    await this.searches.insertOne(toSearchDoc(meta), MAJORITY);
  }

  async page(searchId: string, offset: number, limit: number): Promise<SearchPage | undefined> {
    const now = this.clock.now();
    const [search, offers] = await Promise.all([
      this.searches.findOne({ _id: searchId, expiresAt: { $gt: now } }),
      limit > 0
        ? this.offers
            .find({ searchId, position: { $gte: offset, $lt: offset + limit }, expiresAt: { $gt: now } }, { projection: { _id: 0 } })
            .sort({ searchId: 1, position: 1 })
            .toArray()
        : Promise.resolve([]),
    ]);
    if (!search) return undefined;
    return { meta: fromSearchDoc(search), offers: offers.map(fromOfferDoc) };
  }

  async findOffer(searchId: string, offerId: string): Promise<FoundOffer | undefined> {
    const now = this.clock.now();
    const filter: Filter<OfferDoc> = { searchId, offerId, expiresAt: { $gt: now } };
    const [search, doc] = await Promise.all([
      this.searches.findOne({ _id: searchId, expiresAt: { $gt: now } }),
      this.offers.findOne(filter, { projection: { _id: 0 } }),
    ]);
    if (!search || !doc) return undefined;
    const offer: PricedOffer = fromOfferDoc(doc);
    return { meta: fromSearchDoc(search), offer, position: doc.position };
  }

  async findOfferById(offerId: string): Promise<FoundOffer | undefined> {
    const doc = await this.offers.findOne({ offerId, expiresAt: { $gt: this.clock.now() } }, { projection: { searchId: 1 } });
    return doc ? this.findOffer(doc.searchId, offerId) : undefined;
  }
}
