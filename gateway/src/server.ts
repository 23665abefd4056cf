import type { AddressInfo } from "node:net";
import { openCredentialNotices, type CredentialNoticeSource } from "@tarmac/events";
import { mongoProbe, type Logger } from "@tarmac/kernel";
import type { FastifyInstance } from "fastify";
import { build } from "./app.js";
import { type ServiceClients, createServiceClients } from "./clients.js";
import type { GatewayConfig } from "./config.js";
import { openIdempotencyStore } from "./idempotency/open-idempotency-store.js";
import { buildOperations } from "./operations/operations-app.js";
import { openRateLimitStore } from "./rate-limit/open-rate-limit-store.js";

export interface RunningGateway {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  /** The operations port (METRICS_PORT): GET /metrics, /readyz, /healthz. */
  readonly operationsUrl: string;
  /** Stops accepting connections and lets in-flight requests finish. */
  stop(): Promise<void>;
}

export interface GatewayOverrides {
  /** Peers (tests); otherwise gRPC clients of the configured URLs. */
  readonly clients?: ServiceClients;
  /** Auth's credential notices (the stack's in-process ones); otherwise NATS_URL's core NATS, else none. */
  readonly notices?: CredentialNoticeSource;
}

/** Builds the gateway over real gRPC clients (unless given) and listens on config.port (0 = any). */
export async function startGateway(config: GatewayConfig, logger: Logger, overrides: GatewayOverrides = {}): Promise<RunningGateway> {
  const clients =
    overrides.clients ??
    createServiceClients(
      {
        search: config.searchUrl,
        fare: config.fareUrl,
        booking: config.bookingUrl,
        wallet: config.walletUrl,
        auth: config.authUrl,
        webhooks: config.webhooksUrl,
      },
      { credential: config.callerAuth.credential },
    );
  const idempotency = await openIdempotencyStore(config, logger);
  // On the idempotency store's MongoDB client when there is one; it closes with that client.
  const rateLimitStore = await openRateLimitStore(idempotency.db, logger).catch(async (error: unknown) => {
    await idempotency.close();
    throw error;
  });
  // Revocations and suspensions evict the credential caches at once; closed after the app.
  const ownNotices = overrides.notices ? undefined : openCredentialNotices(config.events, logger);
  const notices = overrides.notices ?? ownNotices;
  const app = build({
    clients,
    logger,
    authCacheTtlMs: config.authCacheTtlMs,
    ...(notices && { credentialNotices: notices }),
    idempotencyStore: idempotency.store,
    rateLimitStore,
    rateLimits: config.rateLimits,
    authFailureLimits: config.authFailureLimits,
    currencyRates: config.currencyRates,
    trustProxy: config.trustProxy,
    environment: config.environment,
  });
  const operations = buildOperations({
    health: clients.health,
    logger,
    ...(idempotency.db && { dependencies: [mongoProbe(idempotency.db)] }),
  });
  try {
    await app.listen({ host: config.host, port: config.port });
    await operations.listen({ host: config.host, port: config.metricsPort });
  } catch (error) {
    await app.close();
    await operations.close();
    await idempotency.close();
    await ownNotices?.close();
    throw error;
  }
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const urlOf = (server: FastifyInstance) =>
    `http://${host.includes(":") ? `[${host}]` : host}:${(server.server.address() as AddressInfo).port}`;
  let stopping: Promise<void> | undefined;
  return {
    url: urlOf(app),
    port: (app.server.address() as AddressInfo).port,
    app,
    operationsUrl: urlOf(operations),
    // The store closes after the app, so in-flight requests can still settle their keys; the
    // operations port closes last, so readiness is answered while the API drains.
    stop: () =>
      (stopping ??= app
        .close()
        .then(() => idempotency.close())
        .then(() => ownNotices?.close())
        .then(() => operations.close())
        .then(() => logger.info("gateway stopped"))),
  };
}
