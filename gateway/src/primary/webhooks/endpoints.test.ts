import { DomainError, toConnectError } from "@tarmac/kernel";
import type { UpdateEndpointRequest } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys } from "../../testing/fake-services.js";
import { ENDPOINT_ID, fakeWebhooks, SECRET } from "../../testing/fake-webhooks.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const post = (path: string, payload: unknown, key: string = keys.webhooks) =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/webhooks/${path}`,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(payload),
  });

const ENDPOINT_JSON = {
  endpoint_id: ENDPOINT_ID,
  url: "https://hooks.test/tarmac",
  event_types: ["booking.booked"],
  description: "Back office",
  enabled: true,
  disabled_reason: null,
  created_at: "2026-11-22T06:00:00.000Z",
  updated_at: "2026-11-22T06:00:00.000Z",
  previous_secret_expires_at: null,
};

describe("webhook endpoints", () => {
  it("creates an endpoint for the calling agent and shows its secret this once", async () => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    const body = { url: "https://hooks.test/a", event_types: ["booking.booked", "wallet.credited"], description: "ops" };
    const created = await post("create", body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({
      endpoint: { ...ENDPOINT_JSON, url: body.url, event_types: body.event_types },
      secret: SECRET,
    });
    expect(seen.createEndpoint).toMatchObject([{ agentId: AGENT_ID, url: body.url, eventTypes: body.event_types, description: "ops" }]);
    // Reading it again never shows a secret.
    for (const [path, payload] of [
      ["get", { endpoint_id: ENDPOINT_ID }],
      ["list", {}],
      ["update", { endpoint_id: ENDPOINT_ID }],
    ] as const) {
      const answer = await post(path, payload);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain("whsec_");
    }
    expect((await post("list", {})).json()).toEqual({ endpoints: [ENDPOINT_JSON] });
  });

  it("refuses event types outside the catalogue, and a bad url, as field errors without calling the service", async () => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    const unknown = await post("create", { url: "https://hooks.test/a", event_types: ["booking.booked", "booking.exploded"] });
    expect(expectEnvelope(unknown, "VALIDATION_FAILED").error.errors).toEqual([
      expect.objectContaining({ field: "event_types[1]", code: "INVALID_VALUE" }),
    ]);
    const empty = await post("update", { endpoint_id: ENDPOINT_ID, event_types: [], url: "ftp://x" });
    const fields = expectEnvelope(empty, "VALIDATION_FAILED").error.errors?.map((e) => [e.field, e.code]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ["event_types", "OUT_OF_RANGE"],
        ["url", "INVALID_FORMAT"],
      ]),
    );
    expect(expectEnvelope(await post("create", { url: "https://hooks.test/a" }), "VALIDATION_FAILED").error.errors?.[0]?.field).toBe(
      "event_types",
    );
    expect(seen).toEqual({});
  });

  it("updates only the fields sent, and rotates the secret", async () => {
    const seen: Record<string, unknown[]> = {};
    gateway = await testApp({ webhooks: fakeWebhooks(seen) });
    await post("update", { endpoint_id: ENDPOINT_ID, enabled: false });
    await post("update", { endpoint_id: ENDPOINT_ID, event_types: ["wallet.debited"], description: "" });
    expect(seen.updateEndpoint).toMatchObject([
      { agentId: AGENT_ID, endpointId: ENDPOINT_ID, enabled: false, updateEventTypes: false, eventTypes: [] },
      { endpointId: ENDPOINT_ID, eventTypes: ["wallet.debited"], updateEventTypes: true, description: "" },
    ]);
    const first = seen.updateEndpoint?.[0] as UpdateEndpointRequest;
    expect([first.url, first.description]).toEqual([undefined, undefined]);
    const rotated = await post("rotate-secret", { endpoint_id: ENDPOINT_ID });
    expect(rotated.json()).toMatchObject({ secret: SECRET, endpoint: { previous_secret_expires_at: "2026-11-23T06:00:00.000Z" } });
    expect((await post("delete", { endpoint_id: ENDPOINT_ID })).json()).toEqual({ endpoint_id: ENDPOINT_ID, deleted: true });
  });

  it.each([["get"], ["update"], ["delete"], ["rotate-secret"], ["test"], ["deliveries"]])(
    "%s passes WEBHOOK_ENDPOINT_NOT_FOUND through as 404",
    async (path) => {
      const notFound = () => {
        throw toConnectError(new DomainError("WEBHOOK_ENDPOINT_NOT_FOUND", "webhook endpoint whe_x not found"));
      };
      gateway = await testApp({
        webhooks: {
          getEndpoint: notFound,
          updateEndpoint: notFound,
          deleteEndpoint: notFound,
          rotateSecret: notFound,
          sendTestEvent: notFound,
          listDeliveries: notFound,
        },
      });
      const body = expectEnvelope(await post(path, { endpoint_id: "whe_x" }), "WEBHOOK_ENDPOINT_NOT_FOUND");
      expect(body.error).toMatchObject({ category: "VALIDATION", message: "webhook endpoint whe_x not found" });
    },
  );
});
