import type { Client } from "@connectrpc/connect";
import { connectAirline } from "@tarmac/airline";
import { type AirlineProvider, guardProvider } from "@tarmac/airline-port";
import {
  createServiceClient,
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
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { FareConfig } from "./config.js";
import { createExtraTokenCodec } from "./domain/extra-token.js";
import { createAncillaryTokenCodec } from "./domain/ancillary-token.js";
import { createFareTokenCodec } from "./domain/fare-token.js";
import { FareServiceImpl } from "./fare-service.js";
import { fareRoutes } from "./routes.js";
import type { FareLockStore } from "./store/fare-lock-store.js";
import { MemoryFareLockStore } from "./store/memory-fare-lock-store.js";
import { MongoFareLockStore } from "./store/mongo-fare-lock-store.js";
import { fareCallerPolicy } from "./caller-policy.js";

export interface FareServiceOverrides {
  readonly provider?: AirlineProvider;
  readonly clock?: Clock;
  readonly search?: Client<typeof SearchService>;
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: FareLockStore;
}

/** Builds the fare service's dependencies from configuration and serves it on one HTTP/2 port. */
export async function startFareService(config: FareConfig, logger: Logger, overrides: FareServiceOverrides = {}): Promise<ServiceHost> {
  const clock = overrides.clock ?? systemClock;
  const owned = overrides.store
    ? undefined
    : await openStorage<FareLockStore>("fare locks", config, logger, {
        inMemory: () => new MemoryFareLockStore({ clock }),
        onMongo: (db) => MongoFareLockStore.open(db, clock),
      });
  const service = new FareServiceImpl({
    search:
      overrides.search ??
      createServiceClient(SearchService, config.searchUrl, {
        timeoutMs: config.providerTimeoutMs + 1_000,
        credential: config.callerAuth.credential,
      }),
    provider: guardProvider(overrides.provider ?? connectAirline(config, { clock }), { timeoutMs: config.providerTimeoutMs }),
    store: owned ? owned.value : defined(overrides.store, "the store override"),
    fareTokens: createFareTokenCodec(createSigner(config.fareSecret, "fare-token")),
    ancillaryTokens: createAncillaryTokenCodec(createSigner(config.fareSecret, "ancillary-token")),
    extraTokens: createExtraTokenCodec(createSigner(config.fareSecret, "extra-token")),
    clock,
    logger,
  });
  return startServiceHost({
    callerAuth: config.callerAuth,
    callerPolicy: fareCallerPolicy,
    ...hostSettings(config),
    name: "fare",
    services: [FareService],
    routes: fareRoutes(service),
    logger,
    dependencies: owned?.probe ? [owned.probe] : [],
    ...(owned && { release: owned.close }),
  });
}
