import { failureOf } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import type { SandboxAirline } from "./sandbox-airline.js";
import { ONE_ADULT, reservationOf, sandboxAt } from "./test-support.js";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };
const HOUR = 3_600_000;

async function flight(airline: SandboxAirline, carrierAndNo: string, query = BLR_HYD): Promise<ProviderOffer> {
  const offers = await airline.searchFlights(query);
  const offer = offers.find((o) => o.segments.length === 1 && `${o.segments[0]!.carrier}${o.segments[0]!.flightNo}` === carrierAndNo);
  if (!offer) throw new Error(`no offer on ${carrierAndNo}`);
  return offer;
}

const held = (reference: string, key: string) => ({ ...reservationOf(reference, key), hold: true });

describe("holds", () => {
  it("offers hold terms on full-service fares by time to departure, none on low-cost fares", async () => {
    const { airline } = sandboxAt("2026-11-22T06:00:00Z");
    const offers = await airline.searchFlights(BLR_HYD);
    const ai = offers.find((o) => o.airline === "AI")!;
    // Nine days out: 72 hours to ticket, the price guaranteed for an hour.
    expect(ai.hold).toEqual({ ticketTimeLimit: "2026-11-25T06:00:00.000Z", priceGuaranteedUntil: "2026-11-22T07:00:00.000Z" });
    expect(offers.filter((o) => o.airline === "6E").every((o) => o.hold === undefined)).toBe(true);
    const soon = await sandboxAt("2026-11-29T06:00:00Z").airline.searchFlights(BLR_HYD);
    // Under three days out: 6 hours.
    expect(soon.find((o) => o.airline === "AI")!.hold?.ticketTimeLimit).toBe("2026-11-29T12:00:00.000Z");
  });

  it("holds without ticketing, then tickets when ordered at the fare of the moment", async () => {
    const { airline, clock } = sandboxAt("2026-11-22T06:00:00Z", 2_000);
    const offer = await flight(airline, "AI9601");
    const reservation = await airline.reserve(held("bkg_h1", offer.key));
    expect(reservation.status).toBe("HELD");
    expect(reservation.hold).toEqual(offer.hold);
    clock.advance(10 * 60_000);
    // Not ticketed by the clock while it waits for its order.
    expect((await airline.findReservation("bkg_h1"))?.status).toBe("HELD");
    expect(await airline.priceHold("bkg_h1")).toEqual({ baseFare: offer.baseFare, taxes: offer.taxes, currency: "INR" });
    // After the guarantee the hold-price-change flight is 10% dearer, and the old fare is refused.
    clock.advance(HOUR);
    const now = await airline.priceHold("bkg_h1");
    expect(now.baseFare).toBe(Math.round(offer.baseFare * 1.1));
    const stale = await failureOf(airline.ticketHold({ clientReference: "bkg_h1", baseFare: offer.baseFare, taxes: offer.taxes }));
    expect([stale.code, stale.provider?.code]).toEqual(["PROVIDER_PRICE_CHANGED", "PRICE_CHANGED"]);
    const ordered = await airline.ticketHold({ clientReference: "bkg_h1", baseFare: now.baseFare, taxes: now.taxes });
    expect([ordered.status, ordered.hold]).toEqual(["HELD", undefined]);
    // Idempotent, whatever fare a retry states.
    expect(await airline.ticketHold({ clientReference: "bkg_h1", baseFare: 1, taxes: 1 })).toEqual(ordered);
    clock.advance(2_000);
    expect((await airline.findReservation("bkg_h1"))?.status).toBe("TICKETED");
  });

  it("refuses to hold a low-cost fare, and ends holds at their limit or when the airline drops them", async () => {
    const { airline, clock } = sandboxAt("2026-11-22T06:00:00Z");
    const lcc = await flight(airline, "6E9101");
    const refused = await failureOf(airline.reserve(held("bkg_h2", lcc.key)));
    expect([refused.code, refused.provider?.code]).toEqual(["PROVIDER_REJECTED", "HOLD_NOT_ALLOWED"]);
    expect(await airline.findReservation("bkg_h2")).toBeUndefined();

    const ordinary = (await airline.searchFlights(BLR_HYD)).find((o) => o.airline === "AI" && !o.segments[0]!.flightNo.startsWith("9"))!;
    await airline.reserve(held("bkg_h3", ordinary.key));
    const dropped = await flight(airline, "AI9701");
    await airline.reserve(held("bkg_h4", dropped.key));
    clock.advance(31 * 60_000);
    const gone = await airline.findReservation("bkg_h4");
    expect([gone?.status, gone?.failureReason]).toEqual(["CANCELLED", expect.stringContaining("dropped")]);
    const late = await failureOf(airline.ticketHold({ clientReference: "bkg_h4", baseFare: dropped.baseFare, taxes: dropped.taxes }));
    expect(late.provider?.code).toBe("HOLD_NOT_ACTIVE");
    expect((await airline.findReservation("bkg_h3"))?.status).toBe("HELD");
    clock.advance(72 * HOUR);
    expect((await airline.findReservation("bkg_h3"))?.status).toBe("CANCELLED");
  });
});
