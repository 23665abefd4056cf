import { openCredentialNotices, type CredentialNoticePublisher } from "@tarmac/events";
import {
  hostSettings,
  openStorage,
  Resources,
  startServiceHost,
  systemClock,
  type Clock,
  type Logger,
  type ServiceHost,
} from "@tarmac/kernel";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { wireAuth } from "./auth-wiring.js";
import type { AuthConfig } from "./config.js";
import { buildCodeDeliveries } from "./delivery/build-deliveries.js";
import type { DevOutbox } from "./delivery/development-delivery.js";
import type { MailTransport } from "./delivery/smtp-delivery.js";
import { seedDemoAgent, seedDemoUser, type DemoUser } from "./dev-seed.js";
import { OtpHasher } from "./domain/otp.js";
import { authRoutes } from "./routes.js";
import type { AuthStore } from "./store/auth-store.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";
import { MongoAuthStore } from "./store/mongo-auth-store.js";
import { authCallerPolicy } from "./caller-policy.js";

export interface AuthServiceOverrides {
  /** A store the caller owns (and closes); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly store?: AuthStore;
  readonly clock?: Clock;
  /** Tests: the SMTP transport instead of nodemailer's. */
  readonly mailTransport?: MailTransport;
  /** Tests: the fetch the SMS gateway adapter uses. */
  readonly fetch?: typeof globalThis.fetch;
  /** Where credential notices go (the stack's in-process bus); otherwise NATS_URL's core NATS, else nowhere. */
  readonly notices?: CredentialNoticePublisher;
}

export interface StartedAuthService {
  readonly host: ServiceHost;
  /** The seeded demo agent's key; set in development and test, never in production. */
  readonly demoApiKey?: string;
  /** The seeded demo agent's user (TARMAC_DEV_USER_EMAIL / TARMAC_DEV_USER_PHONE); never in production. */
  readonly demoUser?: DemoUser;
  /** The development delivery adapter's outbox, when a channel uses it (never in production). */
  readonly devOutbox?: DevOutbox;
}

/**
 * Builds the store (MongoDB when configured, else memory) and the code delivery adapters, seeds
 * development data outside production, and serves AuthService. Stopping drains calls, waits for
 * deliveries under way, then closes the adapters and what this function opened.
 */
export async function startAuthService(
  config: AuthConfig,
  logger: Logger,
  overrides: AuthServiceOverrides = {},
): Promise<StartedAuthService> {
  const clock = overrides.clock ?? systemClock;
  const resources = new Resources(logger, "auth");
  try {
    if (config.usesDevelopmentSecret) {
      logger.warn("TARMAC_AUTH_SECRET is the development value: set a secret of your own outside development");
    }
    const store =
      overrides.store ??
      resources.keepStorage(
        await openStorage<AuthStore>("agents, keys, codes and sessions", config, logger, {
          inMemory: () => new MemoryAuthStore(),
          onMongo: (db) => MongoAuthStore.open(db),
        }),
      );
    const delivery = await buildCodeDeliveries(config.otpDelivery, {
      environment: config.environment,
      logger,
      clock,
      ...(overrides.mailTransport && { mailTransport: overrides.mailTransport }),
      ...(overrides.fetch && { fetch: overrides.fetch }),
    });
    resources.keep(delivery, () => delivery.close());

    let seeded: { demoApiKey: string; demoUser: DemoUser } | undefined;
    if (config.environment !== "production") {
      const demoApiKey = await seedDemoAgent(store, clock, config.devApiKey);
      const demoUser = await seedDemoUser(store, clock, config.devUser);
      seeded = { demoApiKey, demoUser };
    }

    // Revocations and suspensions reach every gateway, booking and wallet at once (API guide, Authentication).
    const owned = overrides.notices ? undefined : openCredentialNotices(config.events, logger);
    if (owned) resources.keep(owned, () => owned.close());
    const notices = overrides.notices ?? owned;
    const service = wireAuth({
      store,
      clock,
      logger,
      ...(notices && { notices }),
      otpHasher: new OtpHasher(config.authSecret),
      deliveries: delivery.deliveries,
      ...(delivery.devOutbox && { devOutbox: delivery.devOutbox }),
    });
    resources.keep(service, () => service.settled());
    const host = await startServiceHost({
      callerAuth: config.callerAuth,
      callerPolicy: authCallerPolicy,
      ...hostSettings(config),
      name: "auth",
      services: [AuthService],
      routes: authRoutes(service),
      logger,
      dependencies: resources.probes,
      release: resources.release,
    });
    return {
      host,
      ...seeded,
      ...(delivery.devOutbox && { devOutbox: delivery.devOutbox }),
    };
  } catch (error) {
    await resources.release();
    throw error;
  }
}
