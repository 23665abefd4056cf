import { create } from "@bufbuild/protobuf";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import { DomainError, newId, paiseToProto, type Clock, type Logger, type Signer } from "@tarmac/kernel";
import {
  GetOfferResponseSchema,
  PriceOfferResponseSchema,
  SearchFlightsResponseSchema,
  type GetOfferRequest,
  type GetOfferResponse,
  type PriceOfferRequest,
  type PriceOfferResponse,
  type SearchFlightsRequest,
  type SearchFlightsResponse,
  type SearchService,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { AirlineProvider, AirportDirectory } from "@tarmac/airline-port";
import { createCursorCodec, type CursorCodec } from "./domain/cursor.js";
import { createOfferSigner, type OfferSigner } from "./domain/offer-signature.js";
import type { PricingRules } from "./domain/pricing-rules.js";
import { rankOffers } from "./domain/rank-offers.js";
import { repriceOffer } from "./domain/reprice-offer.js";
import type { SearchCriteria } from "./domain/search-criteria.js";
import { validatePageLimit } from "./domain/validate-fields.js";
import { validateSearch } from "./domain/validate-search.js";
import { requireSearchPax } from "./domain/validate-pax.js";
import { OfferFinder } from "./offer-finder.js";
import { toProtoOffer, toProtoPax } from "./offer-mapper.js";
import { paxFromProto, requireAgentId, toSearchInput } from "./request-mapper.js";
import type { CachedSearchMeta, SearchCacheStore, SearchPage } from "./store/search-cache-store.js";
import { encodedCount, encodedPage, encodeOffers } from "./encoded-offers.js";
import { pageCount, pageMessages } from "./page-offers.js";

/** gRPC, gRPC-Web and Connect content types of the protobuf binary codec. */
const BINARY_CODEC = /^application\/(grpc(-web)?(\+proto)?|(connect\+)?proto)(;|$)/;

export interface SearchServiceDeps {
  /** Guarded (guardProvider): its calls carry the deadline, metrics and PROVIDER_* mapping. */
  readonly provider: AirlineProvider;
  readonly airports: AirportDirectory;
  readonly store: SearchCacheStore;
  readonly pricingRules: PricingRules;
  /** Kernel signer with purpose "search-cursor". */
  readonly cursorSigner: Signer;
  /** Kernel signer with purpose "offer-signature". */
  readonly offerSigner: Signer;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long a search, its offers and its cursors live (30 minutes in the product). */
  readonly ttlSeconds: number;
  /** Names each new search; a new `srch_` ULID unless a test fixes them. */
  readonly newSearchId?: () => string;
}

/**
 * SearchFlights asks the provider once per search, prices and sorts every offer once, caches the
 * result and serves every page from the cache. GetOffer reads one cached offer back; PriceOffer
 * asks the provider for that offer's live fare and prices it with the same rules.
 */
export class SearchServiceImpl implements ServiceImpl<typeof SearchService> {
  private readonly cursors: CursorCodec;
  private readonly offerSigner: OfferSigner;
  private readonly offers: OfferFinder;

  constructor(private readonly deps: SearchServiceDeps) {
    this.cursors = createCursorCodec(deps.cursorSigner);
    this.offerSigner = createOfferSigner(deps.offerSigner);
    this.offers = new OfferFinder(deps.store, this.offerSigner, deps.clock, deps.ttlSeconds);
  }

  async searchFlights(request: SearchFlightsRequest, context: HandlerContext): Promise<SearchFlightsResponse> {
    const agentId = requireAgentId(request.agentId);
    // The cursor takes precedence: every other search field is ignored on a continued search.
    // Only an answer that goes out in the binary codec may carry pre-encoded offers: JSON codecs write
    // no unknown fields, and an in-process caller reads `results`.
    const encodedOk = BINARY_CODEC.test(context.requestHeader.get("content-type") ?? "");
    if (request.cursor !== "") return this.nextPage(request.cursor, request.limit, agentId, encodedOk);
    const criteria = validateSearch(toSearchInput(request), { airports: this.deps.airports, now: this.deps.clock.now() });
    return this.newSearch(criteria, agentId, context.signal, encodedOk);
  }

  async getOffer(request: GetOfferRequest): Promise<GetOfferResponse> {
    const agentId = requireAgentId(request.agentId);
    const found = await this.offers.find(request, agentId);
    return create(GetOfferResponseSchema, {
      offer: toProtoOffer(found.offer, found.meta),
      pax: toProtoPax(found.meta.pax),
      providerOfferKey: found.offer.providerKey,
    });
  }

  async priceOffer(request: PriceOfferRequest, context: HandlerContext): Promise<PriceOfferResponse> {
    const agentId = requireAgentId(request.agentId);
    const found = await this.offers.find(request, agentId);
    const pax = found.meta.pax;
    requireSearchPax(paxFromProto(request.pax), pax);
    const { provider, pricingRules } = this.deps;
    const live = await provider.livePrice({ key: found.offer.providerKey, pax }, { signal: context.signal });
    const priced = repriceOffer(found.offer, live, { rules: pricingRules, agentId, pax });
    return create(PriceOfferResponseSchema, {
      offer: toProtoOffer(priced.offer, found.meta),
      pax: toProtoPax(pax),
      providerOfferKey: found.offer.providerKey,
      priceChanged: priced.priceChanged,
      previousPricePaise: paiseToProto(priced.previousPrice),
    });
  }

  private async newSearch(
    criteria: SearchCriteria,
    agentId: string,
    signal: AbortSignal,
    encodedOk: boolean,
  ): Promise<SearchFlightsResponse> {
    const { provider, store, clock, logger, ttlSeconds } = this.deps;
    const searchId = this.deps.newSearchId?.() ?? newId("srch");
    const started = Date.now();
    const found = await provider.searchFlights(criteria.query, { signal });
    // The 30 minutes start once the offers are priced and cached, not when the provider was asked.
    const createdAt = clock.now();
    const expiresAt = new Date(createdAt.getTime() + ttlSeconds * 1000);
    const { pax, ...route } = criteria.query;
    const offers = rankOffers(found, {
      searchId,
      agentId,
      pax,
      rules: this.deps.pricingRules,
      expiresAt,
      offerSigner: this.offerSigner,
    });
    const meta: CachedSearchMeta = { searchId, agentId, criteria: route, pax, total: offers.length, createdAt, expiresAt };
    // The store keeps the offers in its own form (the memory store encodes them all once); this
    // answer needs only the first page's, so an adapter that stores documents pays for no more.
    await store.save({ meta, offers });
    logger.info(
      { searchId, agentId, origin: route.origin, dest: route.dest, total: offers.length, ms: Date.now() - started },
      "search cached",
    );
    const first = encodeOffers(offers.slice(0, criteria.limit), meta);
    return this.respond({ meta, encoded: first.bytes, count: encodedCount(first) }, 0, encodedOk);
  }

  private async nextPage(
    cursor: string,
    requestedLimit: number | undefined,
    agentId: string,
    encodedOk: boolean,
  ): Promise<SearchFlightsResponse> {
    const position = this.cursors.decode(cursor, agentId, this.deps.clock.now());
    const limit = validatePageLimit(requestedLimit);
    const page = await this.deps.store.page(position.searchId, position.offset, limit);
    // The cursor is still within its signed lifetime, so a search the cache no longer has expired early.
    if (!page) throw new DomainError("SEARCH_CURSOR_EXPIRED", "The search behind this cursor has expired; start a new search");
    if (page.meta.agentId !== agentId) throw new DomainError("SEARCH_CURSOR_INVALID", "The cursor is not valid; start a new search");
    return this.respond(page, position.offset, encodedOk);
  }

  private respond(page: SearchPage, offset: number, encodedOk: boolean): SearchFlightsResponse {
    const { meta } = page;
    const count = pageCount(page);
    const next = offset + count;
    const cursor =
      next < meta.total
        ? this.cursors.encode({ searchId: meta.searchId, agentId: meta.agentId, offset: next, expiresAt: meta.expiresAt })
        : "";
    const fields = { searchId: meta.searchId, cursor, count, totalResults: meta.total };
    if ("encoded" in page && encodedOk) return encodedPage(fields, page.encoded);
    return create(SearchFlightsResponseSchema, { ...fields, results: pageMessages(page) });
  }
}
