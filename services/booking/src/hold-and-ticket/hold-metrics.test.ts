import { createMetricsRegistry, DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { countTicketing } from "./hold-metrics.js";

describe("booking_hold_ticketing_total", () => {
  it("counts ticketing calls by outcome: BOOKED, PRICE_CHANGED, or the code they were refused with", async () => {
    const metrics = createMetricsRegistry();
    countTicketing({ booking: {} }, metrics);
    countTicketing({ booking: {}, priceChange: {} }, metrics);
    countTicketing({ booking: {}, priceChange: {} }, metrics);
    countTicketing(new DomainError("WALLET_INSUFFICIENT_FUNDS", "low"), metrics);
    countTicketing(new Error("lost"), metrics);
    const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === "booking_hold_ticketing_total");
    const byOutcome = Object.fromEntries((metric?.values ?? []).map((v) => [v.labels.outcome, v.value]));
    expect(byOutcome).toEqual({ BOOKED: 1, PRICE_CHANGED: 2, WALLET_INSUFFICIENT_FUNDS: 1, INTERNAL: 1 });
  });
});
