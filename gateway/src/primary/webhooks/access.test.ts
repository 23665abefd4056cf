import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { keys } from "../../testing/fake-services.js";
import { fakeWebhooks } from "../../testing/fake-webhooks.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const ROUTES = ["create", "list", "get", "update", "delete", "rotate-secret", "test", "deliveries", "redeliver"] as const;

/** A body no route accepts: were it validated first, the answer would be 400. */
const post = (path: string, key: string, payload = '{"junk": true') =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/webhooks/${path}`,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload,
  });

describe("webhook routes' access", () => {
  it.each(ROUTES)(
    "%s: a standard agency gets 403 WEBHOOKS_ENTERPRISE_TIER_REQUIRED before its body is read or a peer called",
    async (path) => {
      const seen: Record<string, unknown[]> = {};
      gateway = await testApp({ webhooks: fakeWebhooks(seen) });
      // With webhooks.manage (explicit scopes) and without it (the standard default): the tier decides.
      for (const key of [keys.webhooksStandard, keys.valid]) {
        const body = expectEnvelope(await post(path, key), "WEBHOOKS_ENTERPRISE_TIER_REQUIRED");
        expect(body.error).toMatchObject({ category: "AUTH", message: expect.stringMatching(/enterprise tier/) });
      }
      expect(seen).toEqual({});
    },
  );

  it.each(ROUTES)("%s: an enterprise key without webhooks.manage gets 403 AUTH_FORBIDDEN", async (path) => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    const body = expectEnvelope(await post(path, keys.enterpriseSearchOnly), "AUTH_FORBIDDEN");
    expect(body.error.message).toBe("This API key lacks the webhooks.manage scope");
    expect(seen).toEqual({});
  });

  it("answers 401 without a key and 403 AUTH_AGENT_SUSPENDED for a suspended agency, as every primary route", async () => {
    gateway = await testApp({ webhooks: fakeWebhooks({}) });
    const missing = await gateway.app.inject({ method: "POST", url: "/api/v1/webhooks/list", payload: {} });
    expectEnvelope(missing, "AUTH_MISSING_CREDENTIALS");
    expectEnvelope(await post("list", keys.suspended, "{}"), "AUTH_AGENT_SUSPENDED");
  });

  it("lets an enterprise key with webhooks.manage through to body validation", async () => {
    gateway = await testApp({ webhooks: fakeWebhooks({}) });
    expectEnvelope(await post("get", keys.webhooks), "VALIDATION_MALFORMED_JSON");
    expect((await post("list", keys.webhooks, "{}")).statusCode).toBe(200);
  });
});
