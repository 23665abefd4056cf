import { createMetricsRegistry, DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { guardProvider } from "./guard-provider.js";
import type { AirlineChange, AirlineProvider, ProviderSeatMap } from "./provider-port.js";

const soldOut = new DomainError("PROVIDER_SOLD_OUT", "gone", { provider: { name: "TESTAIR", code: "SOLD_OUT", message: "gone" } });

const DROPPED: AirlineChange = {
  kind: "HOLD_DROPPED",
  id: "1",
  clientReference: "bk_1",
  pnr: "E77Z48",
  occurredAt: "2026-11-22T06:30:00.000Z",
  reason: "dropped",
};

/** A provider that ignores its signal on seatMap, fails raw on reserve, refuses on livePrice and tells a change late. */
function unruly(): AirlineProvider {
  return {
    name: "TESTAIR",
    searchFlights: async () => [],
    livePrice: () => Promise.reject(soldOut),
    seatMap: () => new Promise<ProviderSeatMap>(() => {}),
    ancillaries: () => Promise.reject(new Error("unused")),
    reserve: () => Promise.reject(new Error("socket hang up")),
    findReservation: async (_reference, options) => (options?.signal ? undefined : Promise.reject(new Error("no signal"))),
    cancelReservation: async () => {},
    changeReservation: () => Promise.reject(new Error("unused")),
    priceHold: () => Promise.reject(new Error("unused")),
    ticketHold: () => Promise.reject(new Error("unused")),
    cancelCoupons: () => Promise.reject(new Error("unused")),
    requestRefund: () => Promise.reject(new Error("unused")),
    reservationAncillaries: () => Promise.reject(new Error("unused")),
    addExtras: () => Promise.reject(new Error("unused")),
    async *watchReservationChanges() {
      await new Promise((resolve) => setTimeout(resolve, 100));
      yield DROPPED;
    },
  };
}

describe("guardProvider", () => {
  it("bounds every call by its deadline, maps failures to catalogue errors and keeps refusals", async () => {
    const metrics = createMetricsRegistry();
    const provider = guardProvider(unruly(), { timeoutMs: 20, metrics });
    expect(provider.name).toBe("TESTAIR");
    await expect(provider.seatMap("k")).rejects.toMatchObject({ code: "PROVIDER_TIMEOUT", provider: { name: "TESTAIR", code: "TIMEOUT" } });
    await expect(provider.reserve({} as never)).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    await expect(provider.livePrice({} as never)).rejects.toBe(soldOut);
    // The wrapped provider always receives a signal, even when the caller passed none.
    await expect(provider.findReservation("ref")).resolves.toBeUndefined();

    const counted = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === "provider_errors_total");
    expect(counted?.values.map((v) => [v.labels.operation, v.labels.code])).toEqual(
      expect.arrayContaining([
        ["seatMap", "PROVIDER_TIMEOUT"],
        ["reserve", "PROVIDER_UNAVAILABLE"],
        ["livePrice", "PROVIDER_SOLD_OUT"],
      ]),
    );
  });

  it("gives up when the caller's own signal aborts, before the deadline", async () => {
    const provider = guardProvider(unruly(), { timeoutMs: 10_000 });
    const caller = new AbortController();
    const pending = provider.seatMap("k", { signal: caller.signal });
    caller.abort(new Error("the caller went away"));
    await expect(pending).rejects.toThrow(/went away/);
  });

  it("leaves a watch of reservation changes without a deadline: it lasts as long as the watcher wants", async () => {
    const provider = guardProvider(unruly(), { timeoutMs: 20 });
    const told: AirlineChange[] = [];
    for await (const change of provider.watchReservationChanges()) told.push(change);
    expect(told).toEqual([DROPPED]);
  });
});
