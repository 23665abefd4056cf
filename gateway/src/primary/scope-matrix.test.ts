import { createClient, createRouterTransport } from "@connectrpc/connect";
import { createLogger, DomainError, toConnectError } from "@tarmac/kernel";
import { AgentStatus, AgentTier, AuthService, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { OPENAPI_PATH } from "../openapi/plugin.js";
import { fakeServiceClients } from "../testing/fake-services.js";

/** Every primary route and the scope API guide, Authentication (and our README) give it. */
const ROUTES: readonly (readonly [string, Scope])[] = [
  ["/api/v1/flight/search", Scope.FLIGHT_SEARCH],
  ["/api/v1/search", Scope.FLIGHT_SEARCH],
  ["/api/v1/flight/fare/validate", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/fare/seatmap", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/fare/ancillaries", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/create", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/status", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/list", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/cancel/quote", Scope.FLIGHT_CANCEL],
  ["/api/v1/flight/booking/cancel/confirm", Scope.FLIGHT_CANCEL],
  ["/api/v1/flight/booking/refunds", Scope.FLIGHT_CANCEL],
  ["/api/v1/flight/booking/reschedule/quote", Scope.FLIGHT_RESCHEDULE],
  ["/api/v1/flight/booking/reschedule/confirm", Scope.FLIGHT_RESCHEDULE],
  ["/api/v1/flight/booking/ticket", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/release", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/ancillaries/quote", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/booking/ancillaries/confirm", Scope.FLIGHT_BOOK],
  ["/api/v1/wallet/balance", Scope.WALLET_READ],
  ["/api/v1/wallet/statement", Scope.WALLET_READ],
  ["/api/v1/webhooks/create", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/list", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/get", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/update", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/delete", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/rotate-secret", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/test", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/deliveries", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/webhooks/redeliver", Scope.WEBHOOKS_MANAGE],
  ["/api/v1/invoices/list", Scope.FLIGHT_BOOK],
  ["/api/v1/invoices/get", Scope.FLIGHT_BOOK],
  ["/api/v1/invoices/pdf", Scope.FLIGHT_BOOK],
  ["/api/v1/invoices/export", Scope.FLIGHT_BOOK],
  ["/api/v1/agency/sub-agents/create", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/sub-agents/list", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/sub-agents/get", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/sub-agents/update", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/sub-agents/suspend", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/sub-agents/transfer", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/api-keys/issue", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/api-keys/list", Scope.AGENCY_MANAGE],
  ["/api/v1/agency/api-keys/revoke", Scope.AGENCY_MANAGE],
  ["/api/v1/wallet/low-balance-threshold", Scope.AGENCY_MANAGE],
  ["/api/v1/flight/schedule-changes/list", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/schedule-changes/get", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/schedule-changes/acknowledge", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/schedule-changes/accept", Scope.FLIGHT_BOOK],
  ["/api/v1/flight/schedule-changes/cancel", Scope.FLIGHT_CANCEL],
  ["/api/v1/flight/schedule-changes/rebook", Scope.FLIGHT_RESCHEDULE],
];

const SCOPES = [
  Scope.FLIGHT_SEARCH,
  Scope.FLIGHT_BOOK,
  Scope.FLIGHT_CANCEL,
  Scope.FLIGHT_RESCHEDULE,
  Scope.WALLET_READ,
  Scope.WEBHOOKS_MANAGE,
  Scope.AGENCY_MANAGE,
];
/** A key named after the one scope it lacks. */
const keyWithout = (scope: Scope) => `tk_test_without${scope}_${"0".repeat(32)}`;

/**
 * API guide, Authentication: a valid key without a route's scope gets 403 on exactly the routes that need that
 * scope, and on no other route; checked for every scope against every primary route.
 */
describe("scope matrix", () => {
  let app: FastifyInstance;
  const declared = new Map<string, Scope | undefined>();
  beforeAll(async () => {
    const { clients } = fakeServiceClients();
    const auth = createClient(
      AuthService,
      createRouterTransport((router) =>
        router.service(AuthService, {
          verifyApiKey(request) {
            const lacking = SCOPES.find((s) => request.apiKey === keyWithout(s));
            if (lacking === undefined) throw toConnectError(new DomainError("AUTH_INVALID_API_KEY", "unknown key"));
            return {
              agentId: "agt_matrix",
              keyId: `key_${lacking}`,
              agentStatus: AgentStatus.ACTIVE,
              // Enterprise, so the webhook routes answer the scope refusal (a standard agency gets the tier's first).
              agentTier: AgentTier.ENTERPRISE,
              scopes: SCOPES.filter((s) => s !== lacking),
            };
          },
        }),
      ),
    );
    app = build({ clients: { ...clients, auth }, logger: createLogger({ name: "gateway", level: "silent" }) });
    app.addHook("onRoute", (route) => {
      // The OpenAPI document is public by design (no key, no scope): not an operation of the surface.
      if (route.url.startsWith("/api/v1/") && route.url !== OPENAPI_PATH) declared.set(route.url, route.config?.scope);
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it("lists every primary route the gateway serves", () => {
    expect([...declared.keys()].sort()).toEqual(ROUTES.map(([url]) => url).sort());
    for (const [url, scope] of ROUTES) expect(declared.get(url), url).toBe(scope);
  });

  it.each(SCOPES.map((s) => [Scope[s], s] as const))("without %s: 403 exactly where it is needed", async (_, lacking) => {
    for (const [url, needs] of ROUTES) {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", "x-api-key": keyWithout(lacking), "idempotency-key": "k" },
        payload: "{}",
      });
      const forbidden = res.statusCode === 403 && res.json().error.code === "AUTH_FORBIDDEN";
      expect(forbidden, `${url} without ${Scope[lacking]}: ${res.statusCode} ${res.body}`).toBe(needs === lacking);
    }
  });
});
