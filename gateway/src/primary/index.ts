import { DomainError } from "@tarmac/kernel";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../clients.js";
import type { IdempotencyStore } from "../idempotency/idempotency-store.js";
import { credentialAuth } from "../auth/credential-auth.js";
import { apiKeyCredential } from "../auth/api-key-credential.js";
import { bearerSessionCredential } from "../auth/session-credential.js";
import type { CredentialVerifier } from "../auth/credential-verifier.js";
import { errorEnvelopeSchema } from "../openapi/components.js";
import { envelopeErrorHandler } from "../errors/error-envelope.js";
import { idempotency } from "../idempotency/idempotency.js";
import { type RateLimitSettings, rateLimiter } from "../rate-limit/rate-limit.js";
import { alertRoutes } from "./agency/alert-routes.js";
import { agencyKeyRoutes } from "./agency/api-key-routes.js";
import { subAgentRoutes } from "./agency/sub-agent-routes.js";
import { additionsRoutes } from "./booking/additions-routes.js";
import { changesRoutes } from "./booking/changes-routes.js";
import { holdRoutes } from "./booking/hold-routes.js";
import { bookingListRoute } from "./booking/list-route.js";
import { refundsRoute } from "./booking/refunds-route.js";
import { scheduleChangeRoutes } from "./booking/schedule-change-routes.js";
import { bookingRoutes } from "./booking/routes.js";
import { fareRoutes } from "./fare/routes.js";
import { invoiceRoutes } from "./invoices/routes.js";
import { searchRoutes } from "./search/routes.js";
import { walletRoutes } from "./wallet/routes.js";
import { webhookRoutes } from "./webhooks/routes.js";

export interface PrimaryApiOptions {
  readonly clients: ServiceClients;
  /** API keys through auth, cached (build() evicts on credential notices). */
  readonly apiKeys: CredentialVerifier;
  /** Sessions through auth, the same cache as the secondary surface's (logout forgets a token in both). */
  readonly sessions: CredentialVerifier;
  readonly idempotencyStore: IdempotencyStore;
  readonly rateLimit: RateLimitSettings;
}

/**
 * The primary surface (register with prefix /api/v1): API key or bearer session auth, the error envelope of spec
 * section 7, and the operations. Encapsulated, so the secondary surface can sit beside it with
 * its own auth and error format.
 */
export const primaryApi: FastifyPluginAsync<PrimaryApiOptions> = async (
  app,
  { clients, apiKeys, sessions, idempotencyStore, rateLimit },
) => {
  app.setErrorHandler(envelopeErrorHandler);
  // Routes answer their 4xx/5xx with it (`ErrorEnvelope#`); the OpenAPI document shows it once.
  app.addSchema(errorEnvelopeSchema);
  // An API key, else a one-time-code session as a bearer token, with the session's scopes (API guide, Authentication).
  await app.register(credentialAuth, {
    credential: [apiKeyCredential(apiKeys), bearerSessionCredential(sessions)],
    missing: () =>
      new DomainError(
        "AUTH_MISSING_CREDENTIALS",
        "Send the X-API-Key header, or a session as Authorization: Bearer <token> (POST /api/auth/verify-otp issues one)",
      ),
    ...(rateLimit.authFailures && { failures: rateLimit.authFailures }),
  });
  // Per API key, checked after auth and before the body is read; routes name their group.
  await app.register(rateLimiter, rateLimit);
  // After auth (keys are per agent); routes opt in with config.idempotency.
  await app.register(idempotency, { store: idempotencyStore });
  await app.register(searchRoutes, { search: clients.searchPages });
  await app.register(fareRoutes, { fare: clients.fare });
  await app.register(bookingRoutes, { booking: clients.booking });
  await app.register(bookingListRoute, { booking: clients.booking });
  await app.register(changesRoutes, { booking: clients.booking });
  await app.register(additionsRoutes, { booking: clients.booking });
  await app.register(holdRoutes, { booking: clients.booking });
  await app.register(refundsRoute, { booking: clients.booking });
  await app.register(scheduleChangeRoutes, { booking: clients.booking });
  await app.register(invoiceRoutes, { booking: clients.booking });
  await app.register(walletRoutes, { wallet: clients.wallet });
  await app.register(webhookRoutes, { webhooks: clients.webhooks });
  await app.register(subAgentRoutes, { auth: clients.auth, wallet: clients.wallet });
  await app.register(agencyKeyRoutes, { auth: clients.auth });
  await app.register(alertRoutes, { wallet: clients.wallet });
};
