import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import { holdPricingAt } from "./hold-pricing.js";

describe("holdPricingAt", () => {
  it("passes the airline's difference to net fare and final price, keeping commission and markups", () => {
    const booking = bookingFixture();
    const p = booking.pricing;
    const at = holdPricingAt(booking, { baseFare: p.baseFare + 10_000, taxes: p.taxes + 500 });
    expect(at.pricing).toEqual({
      ...p,
      baseFare: p.baseFare + 10_000,
      taxes: p.taxes + 500,
      netFare: p.netFare + 10_500,
      finalPrice: p.finalPrice + 10_500,
    });
    expect(at.totalPricePaise).toBe(booking.totalPricePaise + 10_500);
    expect(at.debitPaise).toBe(p.netFare + 10_500 + booking.seatsPaise);
    // The same fare costs what was booked.
    expect(holdPricingAt(booking, { baseFare: p.baseFare, taxes: p.taxes }).totalPricePaise).toBe(booking.totalPricePaise);
  });
});
