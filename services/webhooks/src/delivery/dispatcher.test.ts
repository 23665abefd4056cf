import { describe, expect, it } from "vitest";
import { answer, dispatchHarness } from "../testing/dispatch-harness.js";

const HOUR = 60 * 60_000;

describe("the dispatcher", () => {
  it("retries a receiver that fails 3 times on the schedule, then records its success: 4 attempts, one 2xx", async () => {
    const h = dispatchHarness();
    const endpoint = await h.endpoint("agt_a", "https://a.example/hook");
    let calls = 0;
    h.receivers.set("https://a.example/hook", () => Promise.resolve(answer(++calls <= 3 ? 503 : 200)));
    await h.publish("agt_a");
    const gaps = [0, 30_000, 60_000, 120_000];
    for (const gap of gaps) {
      h.clock.advance(gap);
      await h.round();
    }
    const [delivery] = await h.store.listDeliveries("agt_a", endpoint.id, 10);
    expect(delivery?.status).toBe("SUCCEEDED");
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 200]);
    const times = delivery?.attempts.map((a) => a.at.getTime() - (delivery.attempts[0]?.at.getTime() ?? 0));
    expect(times).toEqual([0, 30_000, 90_000, 210_000]);
    // Nothing is sent early: one more round now finds nothing due.
    expect(await h.dispatcher.tick()).toBe(0);
  });

  it("gives a receiver that never answers 24 hours, then FAILED; three days of failures disable the endpoint and tell the agency", async () => {
    const h = dispatchHarness();
    const dead = await h.endpoint("agt_b", "https://dead.example/hook");
    const watcher = await h.endpoint("agt_b", "https://watch.example/hook", ["webhook_endpoint.disabled"]);
    h.receivers.set("https://watch.example/hook", () => Promise.resolve(answer(204)));
    await h.publish("agt_b");
    for (let hour = 0; hour <= 25; hour++) {
      await h.round();
      h.clock.advance(HOUR / 2);
      await h.round();
      h.clock.advance(HOUR / 2);
    }
    const [first] = await h.store.listDeliveries("agt_b", dead.id, 10);
    expect(first?.status).toBe("FAILED");
    const lastGap = (first?.attempts.at(-1)?.at.getTime() ?? 0) - (first?.createdAt.getTime() ?? 0);
    expect(lastGap).toBeLessThanOrEqual(24 * HOUR);
    expect(first?.attempts.length).toBeGreaterThan(20);
    expect((await h.store.findEndpoint("agt_b", dead.id))?.enabled).toBe(true);
    // Two more days of events, all failing: the endpoint is turned off, with its reason.
    for (let hour = 0; hour < 50; hour++) {
      if (hour % 12 === 0) await h.publish("agt_b");
      await h.round();
      h.clock.advance(HOUR);
    }
    const disabled = await h.store.findEndpoint("agt_b", dead.id);
    expect([disabled?.enabled, disabled?.disabledReason]).toEqual([false, expect.stringContaining("every delivery failed since")]);
    await h.round();
    const told = await h.store.listDeliveries("agt_b", watcher.id, 10);
    expect(told.map((d) => [d.eventType, d.status])).toEqual([["webhook_endpoint.disabled", "SUCCEEDED"]]);
  });

  it("keeps one delivery record when a replica dies between sending and recording: another sends again, same event id", async () => {
    const h = dispatchHarness();
    const endpoint = await h.endpoint("agt_k", "https://k.example/hook");
    h.receivers.set("https://k.example/hook", () => Promise.resolve(answer(200)));
    const event = await h.publish("agt_k");
    // pod-a's process dies after the receiver answered, before the answer is written down.
    const dying = new Proxy(h.store, {
      get: (store, property) =>
        property === "recordAttempt" ? () => Promise.reject(new Error("SIGKILL")) : (Reflect.get(store, property) as unknown),
    });
    const podA = h.dispatcherAs("pod-a", dying);
    await podA.tick();
    await podA.settled();
    expect(h.sent).toHaveLength(1);
    // Its claim lapses (3 x the 10 s timeout); pod-b takes the delivery over and sends it again.
    h.clock.advance(31_000);
    const podB = h.dispatcherAs("pod-b");
    await podB.tick();
    await podB.settled();
    expect(h.sent.map((r) => r.headers["tarmac-event-id"])).toEqual([event.id, event.id]);
    const deliveries = await h.store.listDeliveries("agt_k", endpoint.id, 10);
    expect(deliveries.map((d) => [d.eventId, d.status, d.attempts.length])).toEqual([[event.id, "SUCCEEDED", 1]]);
  });

  it("keeps sending to other endpoints while one endpoint's receiver hangs", async () => {
    const h = dispatchHarness();
    await h.endpoint("agt_slow", "https://slow.example/hook");
    const fast = await h.endpoint("agt_fast", "https://fast.example/hook");
    const hanging: (() => void)[] = [];
    h.receivers.set("https://slow.example/hook", () => new Promise((resolve) => hanging.push(() => resolve(answer(200)))));
    h.receivers.set("https://fast.example/hook", () => Promise.resolve(answer(200)));
    for (let i = 0; i < 5; i++) await h.publish("agt_slow");
    await h.dispatcher.tick();
    await h.publish("agt_fast");
    await h.dispatcher.tick();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [delivered] = await h.store.listDeliveries("agt_fast", fast.id, 10);
    expect(delivered?.status).toBe("SUCCEEDED");
    // The slow endpoint holds at most its concurrency, the rest wait their turn.
    expect(h.sent.filter((r) => r.url.host === "slow.example")).toHaveLength(2);
    for (const release of hanging) release();
    await h.dispatcher.settled();
  });

  it("signs with the previous secret too during a rotation's grace period, and sends the event's headers", async () => {
    const h = dispatchHarness();
    const endpoint = await h.endpoint("agt_r", "https://r.example/hook");
    await h.store.replaceEndpoint(
      {
        ...endpoint,
        sealedSecret: "whsec_new",
        sealedPreviousSecret: "whsec_old",
        previousSecretExpiresAt: new Date(h.clock.now().getTime() + HOUR),
      },
      endpoint.updatedAt,
    );
    h.receivers.set("https://r.example/hook", () => Promise.resolve(answer(200)));
    const event = await h.publish("agt_r");
    await h.round();
    const headers = h.sent[0]?.headers ?? {};
    expect(headers["tarmac-event-id"]).toBe(event.id);
    expect(headers["tarmac-event-type"]).toBe("booking.booked");
    expect(headers["tarmac-signature"]).toMatch(/^t=\d+,v1=whsec_new:\d+,v1=whsec_old:\d+$/);
    h.clock.advance(2 * HOUR);
    await h.publish("agt_r");
    await h.round();
    expect(h.sent[1]?.headers["tarmac-signature"]).toMatch(/^t=\d+,v1=whsec_new:\d+$/);
  });
});
