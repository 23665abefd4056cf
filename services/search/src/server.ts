import { connectAirline } from "@tarmac/airline";
import { airportDirectory, type AirlineProvider, type AirportDirectory, guardProvider } from "@tarmac/airline-port";
import {
  createSigner,
  hostSettings,
  openStorage,
  startServiceHost,
  systemClock,
  type Clock,
  type Logger,
  type ServiceHost,
  defined,
} from "@tarmac/kernel";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { SearchConfig } from "./config.js";
import { searchRoutes } from "./routes.js";
import { SearchServiceImpl } from "./search-service.js";
import { MemorySearchCacheStore } from "./store/memory-search-cache-store.js";
import { MongoSearchCacheStore } from "./store/mongo-search-cache-store.js";
import type { SearchCacheStore } from "./store/search-cache-store.js";
import { searchCallerPolicy } from "./caller-policy.js";

export interface SearchServiceOverrides {
  readonly provider?: AirlineProvider;
  readonly airports?: AirportDirectory;
  readonly clock?: Clock;
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: SearchCacheStore;
  /** Names each new search (tests that need the same ids on every run); otherwise a new `srch_` ULID. */
  readonly newSearchId?: () => string;
}

/** Builds the search service's dependencies from configuration and serves it on one HTTP/2 port. */
export async function startSearchService(
  config: SearchConfig,
  logger: Logger,
  overrides: SearchServiceOverrides = {},
): Promise<ServiceHost> {
  const clock = overrides.clock ?? systemClock;
  const owned = overrides.store
    ? undefined
    : await openStorage<SearchCacheStore>("search cache", config, logger, {
        inMemory: () => new MemorySearchCacheStore({ clock, maxOffers: config.cacheMaxOffers }),
        onMongo: (db) => MongoSearchCacheStore.open(db, clock),
      });
  const service = new SearchServiceImpl({
    provider: guardProvider(overrides.provider ?? connectAirline(config, { clock }), { timeoutMs: config.providerTimeoutMs }),
    airports: overrides.airports ?? airportDirectory(),
    store: owned ? owned.value : defined(overrides.store, "the store override"),
    pricingRules: config.pricingRules,
    cursorSigner: createSigner(config.cursorSecret, "search-cursor"),
    offerSigner: createSigner(config.cursorSecret, "offer-signature"),
    clock,
    logger,
    ttlSeconds: config.ttlSeconds,
    ...(overrides.newSearchId && { newSearchId: overrides.newSearchId }),
  });
  return startServiceHost({
    callerAuth: config.callerAuth,
    callerPolicy: searchCallerPolicy,
    ...hostSettings(config),
    name: "search",
    services: [SearchService],
    routes: searchRoutes(service),
    logger,
    dependencies: owned?.probe ? [owned.probe] : [],
    ...(owned && { release: owned.close }),
  });
}
