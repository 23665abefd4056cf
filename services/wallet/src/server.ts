import { startOutboxRelay, type EventPublisher } from "@tarmac/events";
import {
  createSigner,
  openStorage,
  startServiceHost,
  systemClock,
  type Clock,
  type DependencyProbe,
  type Logger,
  type ServiceHost,
} from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { WalletConfig } from "./config.js";
import { seedDemoWallet } from "./dev-seed.js";
import { createStatementCursorCodec } from "./domain/statement.js";
import { HoldSweeper } from "./hold-sweeper.js";
import { walletRoutes } from "./routes.js";
import { MemoryWalletStore } from "./store/memory-wallet-store.js";
import { MongoWalletStore } from "./store/mongo-wallet-store.js";
import type { WalletStore } from "./store/wallet-store.js";
import { WalletServiceImpl } from "./wallet-service.js";

export interface WalletServiceOverrides {
  readonly clock?: Clock;
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: WalletStore;
  /** Where the outbox relay publishes (the caller closes it); otherwise NATS_URL picks JetStream, else an in-process bus. */
  readonly publisher?: EventPublisher;
}

type Cleanup = () => Promise<void>;

/**
 * Builds the wallet's store, outbox relay and hold-expiry sweep from configuration, seeds the demo
 * wallet outside production, and serves WalletService on one HTTP/2 port. Stopping drains calls
 * first, then stops the sweep and the relay, then closes what this function opened.
 */
export async function startWalletService(
  config: WalletConfig,
  logger: Logger,
  overrides: WalletServiceOverrides = {},
): Promise<ServiceHost> {
  const clock = overrides.clock ?? systemClock;
  const cleanups: Cleanup[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((err: unknown) => logger.error({ err }, "wallet shutdown step failed"));
    }
  };
  const dependencies: DependencyProbe[] = [];
  const openStore = async () => {
    const storage = await openStorage<WalletStore>({
      what: "wallets",
      mongoUri: config.mongoUri,
      mongoDb: config.mongoDb,
      logger,
      inMemory: () => new MemoryWalletStore({ clock }),
      onMongo: async (db) => {
        const store = new MongoWalletStore(db, { clock });
        await store.ensureIndexes();
        return store;
      },
    });
    cleanups.push(storage.close);
    if (storage.probe) dependencies.push(storage.probe);
    return storage.value;
  };
  try {
    const store = overrides.store ?? (await openStore());
    if (config.environment !== "production") await seedDemoWallet(store, logger);

    const relay = startOutboxRelay({
      outbox: store.outbox,
      ...config.events,
      ...(overrides.publisher && { publisher: overrides.publisher }),
      logger,
      service: "wallet",
    });
    cleanups.push(() => relay.stop());
    if (relay.probe) dependencies.push(relay.probe);
    const sweeper = new HoldSweeper({ store, clock, logger, intervalMs: config.holdSweepIntervalMs });
    sweeper.start();
    cleanups.push(() => sweeper.stop());

    const service = new WalletServiceImpl({
      store,
      statementCursors: createStatementCursorCodec(createSigner(config.walletSecret, "wallet-statement")),
      clock,
      logger,
    });
    return await startServiceHost({
      name: "wallet",
      host: config.host,
      port: config.port,
      metricsPort: config.metricsPort,
      services: [WalletService],
      routes: walletRoutes(service),
      logger,
      // Starts with NATS down (events wait in the outbox), NOT_SERVING until it is reachable.
      dependencies,
      readinessIntervalMs: config.readinessIntervalMs,
      release: cleanUp,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
