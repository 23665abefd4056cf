import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { apiClient } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/**
 * A cursor the agency mangled, on every list route that pages with one: 400 naming the field the
 * agency sent (`cursor`), never a name of the services' contracts (`page_token`).
 */
describe("a malformed cursor on the list routes", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let endpointId: string;
  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", WEBHOOK_ALLOW_LOOPBACK: "true", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
    const created = await api.post("/api/v1/webhooks/create", { url: "http://127.0.0.1:9/hook", event_types: ["booking.booked"] });
    expect(created.status, created.text).toBe(200);
    endpointId = created.json.endpoint.endpoint_id;
  }, 30_000);
  afterAll(() => stack?.stop());

  it.each([
    ["/api/v1/invoices/list", {}],
    ["/api/v1/flight/booking/list", {}],
    ["/api/v1/flight/booking/refunds", {}],
    ["/api/v1/webhooks/deliveries", "endpoint"],
  ] as const)("%s answers 400 VALIDATION_FAILED on cursor", async (path, extra) => {
    const body = { ...(extra === "endpoint" ? { endpoint_id: endpointId } : extra), cursor: "abc" };
    const answer = await api.post(path, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error.code).toBe("VALIDATION_FAILED");
    expect(answer.json.error.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([["cursor", "INVALID_VALUE"]]);
    expect(answer.text).not.toMatch(/page_token|pageToken/);
  });

  it("/api/v1/wallet/statement answers its own 400 WALLET_CURSOR_INVALID, naming no internal field", async () => {
    const answer = await api.post("/api/v1/wallet/statement", { cursor: "abc" });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error.code).toBe("WALLET_CURSOR_INVALID");
    expect(answer.text).not.toMatch(/page_token|pageToken/);
  });
});
