import { describe, expect, it } from "vitest";
import type { Attempt } from "../domain/delivery.js";
import { deliveryFixture, endpointFixture, eventFixture } from "../testing/fixtures.js";
import type { WebhookStore } from "./webhook-store.js";

const T0 = new Date("2026-11-25T10:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const failed: Attempt = { at: T0, statusCode: 500, error: "HTTP 500", responseBody: "oops", durationMs: 12 };

/** The rules every webhook store keeps; run against memory here and MongoDB where MONGODB_URI is set. */
export function webhookStoreContract(open: () => Promise<WebhookStore>): void {
  describe("endpoints", () => {
    it("are the owning agency's only: another agency's id is not found, listed, changed or deleted", async () => {
      const store = await open();
      const a = endpointFixture("agt_a");
      await store.createEndpoint(a);
      expect(await store.findEndpoint("agt_a", a.id)).toEqual(a);
      expect(await store.findEndpoint("agt_b", a.id)).toBeUndefined();
      expect(await store.listEndpoints("agt_b")).toEqual([]);
      expect(await store.replaceEndpoint({ ...a, agentId: "agt_b", url: "https://evil.example" }, a.updatedAt)).toBe(false);
      expect(await store.deleteEndpoint("agt_b", a.id)).toBe(false);
      expect((await store.findEndpoint("agt_a", a.id))?.url).toBe(a.url);
    });

    it("change only from the version read (no lost update), list oldest first, and delete once", async () => {
      const store = await open();
      const first = endpointFixture("agt_c", {}, T0);
      const second = endpointFixture("agt_c", {}, later(1_000));
      await store.createEndpoint(second);
      await store.createEndpoint(first);
      expect((await store.listEndpoints("agt_c")).map((e) => e.id)).toEqual([first.id, second.id]);
      const changed = { ...first, url: "https://new.example.com/hook", updatedAt: later(5_000) };
      expect(await store.replaceEndpoint(changed, first.updatedAt)).toBe(true);
      expect(await store.replaceEndpoint({ ...first, description: "stale", updatedAt: later(6_000) }, first.updatedAt)).toBe(false);
      expect((await store.findEndpoint("agt_c", first.id))?.url).toBe("https://new.example.com/hook");
      expect(await store.deleteEndpoint("agt_c", first.id)).toBe(true);
      expect(await store.deleteEndpoint("agt_c", first.id)).toBe(false);
    });

    it("subscribed to an event type: the agency's enabled ones listing it", async () => {
      const store = await open();
      const on = endpointFixture("agt_d", { eventTypes: ["wallet.debited"] });
      const off = endpointFixture("agt_d", { eventTypes: ["wallet.debited"], enabled: false });
      const other = endpointFixture("agt_d", { eventTypes: ["booking.booked"] });
      const foreign = endpointFixture("agt_e", { eventTypes: ["wallet.debited"] });
      for (const e of [on, off, other, foreign]) await store.createEndpoint(e);
      expect((await store.subscribedEndpoints("agt_d", "wallet.debited")).map((e) => e.id)).toEqual([on.id]);
    });
  });

  describe("deliveries", () => {
    it("are recorded once per event and endpoint however often the event arrives", async () => {
      const store = await open();
      const endpoint = endpointFixture("agt_f");
      const event = eventFixture("agt_f");
      await store.recordEvent(event, [deliveryFixture(event, endpoint)]);
      await store.recordEvent(event, [deliveryFixture(event, endpoint)]);
      expect(await store.listDeliveries("agt_f", endpoint.id, 10)).toHaveLength(1);
      expect(await store.findEvent(event.id)).toEqual(event);
      expect(await store.hadDelivery("agt_f", endpoint.id, event.id)).toBe(true);
      expect(await store.hadDelivery("agt_g", endpoint.id, event.id)).toBe(false);
      // A redelivery has a key of its own.
      const again = deliveryFixture(event, endpoint, later(1));
      await store.recordEvent(event, [{ ...again, dedupeKey: `${again.dedupeKey}:${again.id}` }]);
      expect(await store.listDeliveries("agt_f", endpoint.id, 10)).toHaveLength(2);
    });

    it("are claimed when due by one dispatcher at a time, none of a busy endpoint, and moved on only by their claimer", async () => {
      const store = await open();
      const endpoint = endpointFixture("agt_h");
      const busy = endpointFixture("agt_h");
      const event = eventFixture("agt_h");
      const due = deliveryFixture(event, endpoint, T0);
      const notYet = { ...deliveryFixture(eventFixture("agt_h"), endpoint, T0), nextAttemptAt: later(60_000) };
      const ofBusy = deliveryFixture(event, busy, T0);
      await store.recordEvent(event, [due, notYet, ofBusy]);
      const claimed = await store.claimDue(later(1), 10, "pod-a", 30_000, [busy.id]);
      expect(claimed.map((d) => d.id)).toEqual([due.id]);
      expect(await store.claimDue(later(2), 10, "pod-b", 30_000, [busy.id])).toEqual([]);
      expect(await store.recordAttempt(due.id, "pod-b", failed, { status: "SUCCEEDED" })).toBe(false);
      // Given back unused, it is due for anyone at once; only its claimer can give it back.
      await store.releaseClaim(due.id, "pod-b");
      expect(await store.claimDue(later(2), 10, "pod-b", 30_000, [busy.id])).toEqual([]);
      await store.releaseClaim(due.id, "pod-a");
      expect((await store.claimDue(later(2), 10, "pod-a", 30_000, [busy.id])).map((d) => d.id)).toEqual([due.id]);
      expect(await store.recordAttempt(due.id, "pod-a", failed, { status: "PENDING", nextAttemptAt: later(30_000) })).toBe(true);
      // Due again at its next attempt; a claim that lapsed (its pod died) is taken over.
      const retaken = await store.claimDue(later(31_000), 10, "pod-b", 30_000, [busy.id]);
      expect(retaken.map((d) => [d.id, d.attempts.length])).toEqual([[due.id, 1]]);
      expect((await store.claimDue(later(62_000), 10, "pod-a", 30_000, [busy.id])).map((d) => d.id).sort()).toEqual(
        [due.id, notYet.id].sort(),
      );
      expect(await store.recordAttempt(due.id, "pod-a", { ...failed, statusCode: 200, error: "" }, { status: "SUCCEEDED" })).toBe(true);
      const done = await store.findDelivery("agt_h", due.id);
      expect([done?.status, done?.attempts.length]).toEqual(["SUCCEEDED", 2]);
      expect(await store.findDelivery("agt_other", due.id)).toBeUndefined();
    });

    it("list an endpoint's newest first, page by page, and count the backlog", async () => {
      const store = await open();
      const endpoint = endpointFixture("agt_i");
      const made = [];
      for (let i = 0; i < 5; i++) {
        const event = eventFixture("agt_i", "booking.booked", later(i * 1_000));
        const delivery = deliveryFixture(event, endpoint);
        made.push(delivery);
        await store.recordEvent(event, [delivery]);
      }
      const first = await store.listDeliveries("agt_i", endpoint.id, 2);
      expect(first.map((d) => d.id)).toEqual([made[4]?.id, made[3]?.id]);
      const last = first.at(-1);
      const second = await store.listDeliveries("agt_i", endpoint.id, 10, last && { createdAt: last.createdAt, id: last.id });
      expect(second.map((d) => d.id)).toEqual([made[2]?.id, made[1]?.id, made[0]?.id]);
      const backlog = await store.backlog();
      expect(backlog.pending).toBeGreaterThanOrEqual(5);
      expect(backlog.oldestCreatedAt).toBeDefined();
    });
  });
}
