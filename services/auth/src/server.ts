import { openMongo, startServiceHost, systemClock, type Clock, type Logger, type OpenedMongo, type ServiceHost } from "@tarmac/kernel";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { AuthServiceImpl } from "./auth-service.js";
import type { AuthConfig } from "./config.js";
import { seedDemoAgent } from "./dev-seed.js";
import { authRoutes } from "./routes.js";
import type { AuthStore } from "./store/auth-store.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";
import { MongoAuthStore } from "./store/mongo-auth-store.js";

export interface AuthServiceOverrides {
  readonly store?: AuthStore;
  readonly clock?: Clock;
}

export interface StartedAuthService {
  readonly host: ServiceHost;
  /** The seeded demo agent's key; set in development and test, never in production. */
  readonly demoApiKey?: string;
}

/** Builds the store (MongoDB when configured, else memory), seeds development data and serves. */
export async function startAuthService(
  config: AuthConfig,
  logger: Logger,
  overrides: AuthServiceOverrides = {},
): Promise<StartedAuthService> {
  const clock = overrides.clock ?? systemClock;
  let mongo: OpenedMongo<AuthStore> | undefined;
  let store = overrides.store;
  if (!store && config.mongoUri) {
    mongo = await openMongo(config.mongoUri, config.mongoDb, logger, (db) => MongoAuthStore.open(db));
    store = mongo.value;
  }
  store ??= new MemoryAuthStore();
  try {
    const demoApiKey =
      config.environment === "production" ? undefined : await seedDemoAgent(store, clock, config.devApiKey);
    const host = await startServiceHost({
      name: "auth",
      host: config.host,
      port: config.port,
      services: [AuthService],
      routes: authRoutes(new AuthServiceImpl({ store, clock, logger })),
      logger,
    });
    const stop = async () => {
      await host.stop();
      await mongo?.close();
    };
    return { host: { ...host, stop }, ...(demoApiKey !== undefined && { demoApiKey }) };
  } catch (error) {
    await mongo?.close();
    throw error;
  }
}
