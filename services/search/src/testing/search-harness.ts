import { guardProvider, type AirlineProvider, type FlightQuery, type LivePriceQuery, type ProviderOffer } from "@tarmac/airline-port";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { createHandlerContext, type HandlerContext } from "@connectrpc/connect";
import { refusingProvider } from "@tarmac/airline-port/testing";
import { createSigner, DomainError } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { SearchFlightsRequestSchema, SearchService, type SearchFlightsRequest } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { defaultPricingRules } from "../domain/pricing-rules.js";
import { SearchServiceImpl, type SearchServiceDeps } from "../search-service.js";
import { MemorySearchCacheStore } from "../store/memory-search-cache-store.js";
import { testAirports } from "./airports.js";
import { providerOffer } from "./fixtures.js";

const TEST_SECRET = "test-secret-for-search-service-tests-0123456789";

export interface FakeProvider extends AirlineProvider {
  readonly calls: FlightQuery[];
  readonly liveCalls: LivePriceQuery[];
}

export interface FakeProviderOptions {
  /** The live fare of an offer (default: as searched); throw to refuse, never settle to time out. */
  readonly live?: (searched: ProviderOffer, query: LivePriceQuery) => ProviderOffer | Promise<ProviderOffer>;
}

/**
 * A provider answering `count` generated offers (keys K0, K1, ...) for any query, and recording every
 * call. Its live price is the searched offer unless `options.live` says otherwise.
 */
export function fakeProvider(
  count: number,
  make: (index: number) => ProviderOffer = providerOffer,
  options: FakeProviderOptions = {},
): FakeProvider {
  const calls: FlightQuery[] = [];
  const liveCalls: LivePriceQuery[] = [];
  return {
    ...refusingProvider("FAKE"),
    calls,
    liveCalls,
    async searchFlights(query) {
      calls.push(query);
      return Array.from({ length: count }, (_, i) => make(i));
    },
    async livePrice(query) {
      liveCalls.push(query);
      const index = /^K(\d+)$/.exec(query.key)?.[1];
      if (index === undefined || Number(index) >= count) {
        throw new DomainError("PROVIDER_REJECTED", "Unknown offer", {
          provider: { name: "FAKE", code: "UNKNOWN_KEY", message: query.key },
        });
      }
      const searched = make(Number(index));
      return options.live ? options.live(searched, query) : searched;
    },
  };
}

export interface SearchHarness {
  readonly service: SearchServiceImpl;
  readonly provider: FakeProvider;
  readonly store: MemorySearchCacheStore;
  readonly clock: ManualClock;
  readonly deps: SearchServiceDeps;
}

export interface SearchHarnessOptions {
  readonly offers?: number;
  readonly clock?: ManualClock;
  readonly provider?: FakeProvider;
  readonly providerTimeoutMs?: number;
}

export function searchHarness(options: SearchHarnessOptions = {}): SearchHarness {
  const clock = options.clock ?? new ManualClock();
  const provider = options.provider ?? fakeProvider(options.offers ?? 250);
  const store = new MemorySearchCacheStore({ clock });
  const deps: SearchServiceDeps = {
    provider: guardProvider(provider, { timeoutMs: options.providerTimeoutMs ?? 1_000 }),
    airports: testAirports(),
    store,
    pricingRules: defaultPricingRules,
    cursorSigner: createSigner(TEST_SECRET, "search-cursor"),
    offerSigner: createSigner(TEST_SECRET, "offer-signature"),
    clock,
    logger: silentLogger(),
    ttlSeconds: 1800,
  };
  return { service: new SearchServiceImpl(deps), provider, store, clock, deps };
}

/** YYYYMMDD `days` after the clock's UTC date. */
export function dateAhead(clock: { now(): Date }, days: number): string {
  return new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
}

export function searchRequest(init: MessageInitShape<typeof SearchFlightsRequestSchema>): SearchFlightsRequest {
  return create(SearchFlightsRequestSchema, { agentId: "agt_one", ...init });
}

export function handlerContext(): HandlerContext {
  const method = SearchService.method.searchFlights;
  return createHandlerContext({
    service: SearchService,
    method,
    protocolName: "test",
    requestMethod: "POST",
    url: `http://test/${SearchService.typeName}/${method.name}`,
  });
}
