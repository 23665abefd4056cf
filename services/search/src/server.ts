import { airportDirectory, createSandboxAirline, type AirlineProvider, type AirportDirectory, guardProvider } from "@tarmac/airline";
import {
  createSigner,
  openMongo,
  startServiceHost,
  systemClock,
  type Clock,
  type DependencyProbe,
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

export interface SearchServiceOverrides {
  readonly provider?: AirlineProvider;
  readonly airports?: AirportDirectory;
  readonly clock?: Clock;
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: SearchCacheStore;
}

interface OwnedStore {
  /** MongoDB's readiness probe; none in memory. */
  readonly probe?: DependencyProbe;
  readonly store: SearchCacheStore;
  readonly close: () => Promise<void>;
}

/** Builds the search service's dependencies from configuration and serves it on one HTTP/2 port. */
export async function startSearchService(
  config: SearchConfig,
  logger: Logger,
  overrides: SearchServiceOverrides = {},
): Promise<ServiceHost> {
  const clock = overrides.clock ?? systemClock;
  const owned = overrides.store ? undefined : await openStore(config, clock, logger);
  const service = new SearchServiceImpl({
    provider: guardProvider(overrides.provider ?? createSandboxAirline({ clock }), { timeoutMs: config.providerTimeoutMs }),
    airports: overrides.airports ?? airportDirectory(),
    store: owned ? owned.store : defined(overrides.store, "the store override"),
    pricingRules: config.pricingRules,
    cursorSigner: createSigner(config.cursorSecret, "search-cursor"),
    offerSigner: createSigner(config.cursorSecret, "offer-signature"),
    clock,
    logger,
    ttlSeconds: config.ttlSeconds,
  });
  return startServiceHost({
    name: "search",
    host: config.host,
    port: config.port,
    metricsPort: config.metricsPort,
    services: [SearchService],
    routes: searchRoutes(service),
    logger,
    dependencies: owned?.probe ? [owned.probe] : [],
    readinessIntervalMs: config.readinessIntervalMs,
    ...(owned && { release: owned.close }),
  });
}

async function openStore(config: SearchConfig, clock: Clock, logger: Logger): Promise<OwnedStore> {
  if (!config.mongoUri) {
    logger.info("search cache: in memory (MONGODB_URI is not set)");
    const store = new MemorySearchCacheStore({ clock });
    return { store, close: () => store.close() };
  }
  const mongo = await openMongo(config.mongoUri, config.mongoDb, logger, async (db) => {
    const store = new MongoSearchCacheStore(db, clock);
    await store.ensureIndexes();
    return store;
  });
  logger.info("search cache: MongoDB");
  return { store: mongo.value, probe: mongo.probe, close: mongo.close };
}
