import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../clients.js";
import { devOutboxRoutes } from "../dev/outbox-routes.js";
import type { IdempotencyStore } from "../idempotency/idempotency-store.js";
import { secondaryErrorSchema } from "../openapi/components.js";
import { credentialAuth } from "../auth/credential-auth.js";
import type { CredentialVerifier } from "../auth/credential-verifier.js";
import { sessionCredential } from "../auth/session-credential.js";
import { idempotency } from "../idempotency/idempotency.js";
import { notFoundHandler } from "../errors/not-found.js";
import { type RateLimitSettings, rateLimiter } from "../rate-limit/rate-limit.js";
import { authRoutes } from "./auth/routes.js";
import { CurrencyConverter, type RateTable } from "./currency.js";
import { secondaryErrorHandler, sendSecondaryError } from "./errors.js";
import { bookingRoutes } from "./flights/booking-routes.js";
import { searchRoutes } from "./flights/search-routes.js";

export interface SecondaryApiOptions {
  readonly clients: ServiceClients;
  /** Bearer tokens through auth, cached (build() evicts on credential notices; logout forgets its own). */
  readonly sessions: CredentialVerifier;
  readonly idempotencyStore: IdempotencyStore;
  /** The gateway's rate limits: per token session on /api/flights, per client IP on /api/auth. */
  readonly rateLimit?: RateLimitSettings;
  readonly currencyRates: RateTable;
  /** GET /api/dev/outbox exists only when true (TARMAC_ENV=development). */
  readonly devRoutes: boolean;
}

/**
 * The secondary surface (register with prefix /api; API guide, Secondary surface): OTP login under /api/auth,
 * bearer-token (or session cookie) flights under /api/flights, the development outbox under
 * /api/dev. Its own field names and its own error body `{success: false, error: {code, message,
 * errors?}}` with the catalogue's codes and statuses, for every error of these three prefixes
 * (unknown routes and wrong methods included). Encapsulated beside the primary surface.
 */
export const secondaryApi: FastifyPluginAsync<SecondaryApiOptions> = async (app, options) => {
  const { clients } = options;
  app.setErrorHandler(secondaryErrorHandler);
  // Routes answer their 4xx/5xx with it (`SecondaryError#`); the OpenAPI document shows it once.
  app.addSchema(secondaryErrorSchema);
  await app.register(cookie);
  // Its hook runs route-level, so after bearer auth on /api/flights (per session), per IP elsewhere.
  if (options.rateLimit) await app.register(rateLimiter, options.rateLimit);
  const tokens = options.sessions;
  const converter = new CurrencyConverter(options.currencyRates);

  await app.register(
    async (auth) => {
      ownNotFound(auth);
      await auth.register(authRoutes, { auth: clients.auth, tokens });
    },
    { prefix: "/auth" },
  );

  await app.register(
    async (flights) => {
      ownNotFound(flights);
      await flights.register(credentialAuth, {
        credential: sessionCredential(tokens),
        ...(options.rateLimit?.authFailures && { failures: options.rateLimit.authFailures }),
      });
      // After auth (keys are per agent); booking create honours Idempotency-Key when sent.
      await flights.register(idempotency, { store: options.idempotencyStore });
      await flights.register(searchRoutes, { search: clients.search, converter });
      await flights.register(bookingRoutes, { fare: clients.fare, booking: clients.booking, converter });
    },
    { prefix: "/flights" },
  );

  await app.register(
    async (dev) => {
      ownNotFound(dev);
      if (options.devRoutes) await dev.register(devOutboxRoutes, { auth: clients.auth });
    },
    { prefix: "/dev" },
  );
};

/** Unknown routes and wrong methods under this prefix answer in the secondary format. */
function ownNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(notFoundHandler(app, sendSecondaryError));
}
