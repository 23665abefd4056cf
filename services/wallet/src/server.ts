import { followStandingNotices, startOutboxRelay, type CredentialNoticeSource, type EventPublisher } from "@tarmac/events";
import {
  activeAgentInterceptor,
  AgentStanding,
  createServiceClient,
  LeaseHolder,
  createSigner,
  hostSettings,
  openStorage,
  Resources,
  startServiceHost,
  systemClock,
  type Clock,
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
import { walletCallerPolicy } from "./caller-policy.js";
import type { Client } from "@connectrpc/connect";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";

export interface WalletServiceOverrides {
  readonly clock?: Clock;
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: WalletStore;
  /** Where the outbox relay publishes (the caller closes it); otherwise NATS_URL picks JetStream, else an in-process bus. */
  readonly publisher?: EventPublisher;
  /** Suspensions from auth (the stack's in-process notices); otherwise NATS_URL's core NATS. */
  readonly notices?: CredentialNoticeSource;
  /** Asked whether an agency exists and is suspended (GetAgent). */
  readonly auth?: Pick<Client<typeof AuthService>, "getAgent">;
}

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
  const resources = new Resources(logger, "wallet");
  try {
    const store =
      overrides.store ??
      resources.keepStorage(
        await openStorage<WalletStore>("wallets", config, logger, {
          inMemory: () => new MemoryWalletStore({ clock }),
          onMongo: (db) => MongoWalletStore.open(db, { clock }),
        }),
      );
    if (config.environment !== "production") await seedDemoWallet(store, logger);

    const relay = startOutboxRelay({
      outbox: store.outbox,
      ...config.events,
      ...(overrides.publisher && { publisher: overrides.publisher }),
      logger,
      service: "wallet",
      leases: store.leases,
    });
    resources.keep(relay, () => relay.stop(), relay.probe);
    const lease = new LeaseHolder(store.leases, "hold-sweeper", clock);
    const sweeper = new HoldSweeper({ store, clock, logger, intervalMs: config.holdSweepIntervalMs, lease });
    sweeper.start();
    resources.keep(sweeper, () => sweeper.stop());

    const standing = new AgentStanding(overrides.auth ?? authClient(config));
    resources.keep(standing, followStandingNotices(standing, { source: overrides.notices, events: config.events, logger }));
    const service = new WalletServiceImpl({
      store,
      statementCursors: createStatementCursorCodec(createSigner(config.walletSecret, "wallet-statement")),
      clock,
      logger,
      agents: standing.agents,
    });
    return await startServiceHost({
      callerAuth: config.callerAuth,
      callerPolicy: walletCallerPolicy,
      // A suspended agency reads nothing of its own (booking still holds, captures and refunds for
      // the bookings it settles); no wallet is opened for an agency auth does not know.
      agentStanding: standing,
      interceptors: [activeAgentInterceptor(standing, ["OpenAccount"])],
      ...hostSettings(config),
      name: "wallet",
      services: [WalletService],
      routes: walletRoutes(service),
      logger,
      // Starts with NATS down (events wait in the outbox), NOT_SERVING until it is reachable.
      dependencies: resources.probes,
      release: resources.release,
    });
  } catch (error) {
    await resources.release();
    throw error;
  }
}

const authClient = (config: WalletConfig) => createServiceClient(AuthService, config.authUrl, { credential: config.callerAuth.credential });
