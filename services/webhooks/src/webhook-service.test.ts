import { toJsonString } from "@bufbuild/protobuf";
import { createSigner } from "@tarmac/kernel";
import { GetEndpointResponseSchema } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { failureOf, ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { createDeliveryCursorCodec } from "./delivery-cursor.js";
import { secretBoxFromConfig } from "./delivery/secret-box.js";
import { newWebhookSecret } from "./delivery/signature.js";
import { checkWebhookUrl, resolvePublicAddress } from "./delivery/url-policy.js";
import { MemoryWebhookStore } from "./store/memory-webhook-store.js";
import { WebhookServiceImpl } from "./webhook-service.js";

/** The service class over a memory store, with production's URL rules (no loopback) and DNS answered by the test. */
function service(dns: Record<string, string> = {}) {
  const clock = new ManualClock(new Date("2026-11-25T10:00:00Z"));
  const store = new MemoryWebhookStore();
  const box = secretBoxFromConfig(`k1:${"ab".repeat(32)}`);
  const lookup = (host: string) => Promise.resolve([{ address: dns[host] ?? "93.184.216.34", family: 4 }]);
  const impl = new WebhookServiceImpl({
    store,
    clock,
    urls: {
      check: (url) => checkWebhookUrl(url, { allowLoopbackHttp: false }),
      resolve: (url) => resolvePublicAddress(url, { allowLoopback: false, lookup: lookup as never }),
    },
    secrets: { newSecret: newWebhookSecret, seal: (id, secret) => box.seal(id, secret) },
    cursors: createDeliveryCursorCodec(createSigner("s".repeat(32), "webhook-deliveries")),
  });
  return { impl, store, clock, box };
}

const create = (impl: WebhookServiceImpl, url: string, eventTypes = ["booking.booked"]) =>
  impl.createEndpoint({ agentId: "agt_a", url, eventTypes, description: "" } as never);

describe("WebhookServiceImpl", () => {
  it("refuses URLs that are not public https, and names unknown event types, storing nothing", async () => {
    const { impl, store } = service({ "rebind.example": "10.0.0.7" });
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest",
      "https://user:pw@hooks.example/x",
      "https://rebind.example/hook",
    ]) {
      const failure = await failureOf(create(impl, url));
      expect([url, failure.code, failure.errors.map((e) => e.field)]).toEqual([url, "VALIDATION_FAILED", ["url"]]);
    }
    const unknown = await failureOf(create(impl, "https://hooks.example/x", ["booking.booked", "booking.exploded"]));
    expect(unknown.errors.map((e) => [e.field, e.code])).toEqual([["event_types[1]", "INVALID_VALUE"]]);
    expect(await store.listEndpoints("agt_a")).toEqual([]);
  });

  it("shows the secret once, keeps it sealed, and rotates with a 24-hour grace for the previous one", async () => {
    const { impl, store, box, clock } = service();
    const made = await create(impl, "https://hooks.example/x");
    const id = made.endpoint?.endpointId ?? "";
    const stored = await store.findEndpoint("agt_a", id);
    expect(stored?.sealedSecret).not.toContain(made.secret);
    expect(box.open(id, stored?.sealedSecret ?? "")).toBe(made.secret);
    expect(toJsonString(GetEndpointResponseSchema, await impl.getEndpoint({ agentId: "agt_a", endpointId: id } as never))).not.toContain(
      made.secret,
    );
    const rotated = await impl.rotateSecret({ agentId: "agt_a", endpointId: id } as never);
    expect(rotated.secret).not.toBe(made.secret);
    expect(Number(rotated.endpoint?.previousSecretExpiresAt?.seconds) * 1000 - clock.now().getTime()).toBe(24 * 3600_000);
    const after = await store.findEndpoint("agt_a", id);
    expect(box.open(id, after?.sealedPreviousSecret ?? "")).toBe(made.secret);
  });

  it("answers another agency's endpoint as one that never existed, and re-enables a disabled endpoint on update", async () => {
    const { impl, store } = service();
    const made = await create(impl, "https://hooks.example/x");
    const id = made.endpoint?.endpointId ?? "";
    for (const call of [
      impl.getEndpoint({ agentId: "agt_b", endpointId: id } as never),
      impl.deleteEndpoint({ agentId: "agt_b", endpointId: id } as never),
      impl.listDeliveries({ agentId: "agt_b", endpointId: id, pageSize: 0, cursor: "" } as never),
      impl.redeliverEvent({ agentId: "agt_b", endpointId: id, eventId: "evt_1" } as never),
    ]) {
      expect((await failureOf(call)).code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    }
    const stored = await store.findEndpoint("agt_a", id);
    if (!stored) throw new Error("stored");
    await store.replaceEndpoint({ ...stored, enabled: false, disabledReason: "every delivery failed" }, stored.updatedAt);
    const updated = await impl.updateEndpoint({
      agentId: "agt_a",
      endpointId: id,
      enabled: true,
      eventTypes: [],
      updateEventTypes: false,
    } as never);
    expect([updated.endpoint?.enabled, updated.endpoint?.disabledReason]).toEqual([true, ""]);
    expect((await failureOf(impl.redeliverEvent({ agentId: "agt_a", endpointId: id, eventId: "evt_never" } as never))).code).toBe(
      "WEBHOOK_EVENT_NOT_FOUND",
    );
  });

  it("pages deliveries newest first with cursors bound to the endpoint, and redelivers an event as a new delivery", async () => {
    const { impl } = service();
    const a = (await create(impl, "https://hooks.example/a")).endpoint?.endpointId ?? "";
    const b = (await create(impl, "https://hooks.example/b")).endpoint?.endpointId ?? "";
    const tests = [];
    for (let i = 0; i < 3; i++) tests.push(await impl.sendTestEvent({ agentId: "agt_a", endpointId: a } as never));
    const first = await impl.listDeliveries({ agentId: "agt_a", endpointId: a, pageSize: 2, cursor: "" } as never);
    expect(first.deliveries).toHaveLength(2);
    const rest = await impl.listDeliveries({ agentId: "agt_a", endpointId: a, pageSize: 2, cursor: first.nextCursor } as never);
    expect([...first.deliveries, ...rest.deliveries].map((d) => d.deliveryId).sort()).toEqual(
      tests.map((t) => t.delivery?.deliveryId).sort(),
    );
    expect(rest.nextCursor).toBe("");
    expect(
      (await failureOf(impl.listDeliveries({ agentId: "agt_a", endpointId: b, pageSize: 2, cursor: first.nextCursor } as never))).code,
    ).toBe("VALIDATION_FAILED");
    const eventId = tests[0]?.delivery?.eventId ?? "";
    const again = await impl.redeliverEvent({ agentId: "agt_a", endpointId: a, eventId } as never);
    expect([again.delivery?.eventId, again.delivery?.deliveryId === tests[0]?.delivery?.deliveryId]).toEqual([eventId, false]);
  });
});
