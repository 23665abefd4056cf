import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { scenarioOfFlight, scenarioOfFlights } from "./scenario-flights.js";
import { expectValidOffers, ONE_ADULT, sandboxAt } from "./test-support.js";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };
const isScenario = (flightNo: string) => Number(flightNo) >= 9000;
/** 6E 9001, 9011 and 9021 are changed by the airline after ticketing (airline-changes.ts). */
const scenarioSegments = (offers: readonly ProviderOffer[]) =>
  offers.flatMap((o) => o.segments.filter((s) => isScenario(s.flightNo)).map((s) => ({ offer: o, segment: s })));

describe("scenarioOfFlight", () => {
  it("maps the README's number blocks to their scenario, and nothing else", () => {
    expect(scenarioOfFlight("9101")).toBe("PRICE_CHANGE");
    expect(scenarioOfFlight("9199")).toBe("PRICE_CHANGE");
    expect(scenarioOfFlight("9200")).toBe("SOLD_OUT");
    expect(scenarioOfFlight("9302")).toBe("PROVIDER_ERROR");
    expect(scenarioOfFlight("9401")).toBe("TIMEOUT");
    expect(scenarioOfFlight("9599")).toBe("TICKETING_FAILURE");
    expect(scenarioOfFlight("9600")).toBe("HOLD_PRICE_CHANGE");
    expect(scenarioOfFlight("9702")).toBe("HOLD_DROPPED");
    expect(scenarioOfFlight("9801")).toBe("REFUND_DELAYED");
    expect(scenarioOfFlight("9999")).toBe("REFUND_REJECTED");
    expect(scenarioOfFlight("9001")).toBe("SCHEDULE_RETIMED");
    expect(scenarioOfFlight("9012")).toBe("FLIGHT_RENUMBERED");
    expect(scenarioOfFlight("9021")).toBe("FLIGHT_CANCELLED_BY_AIRLINE");
    for (const ordinary of ["100", "512", "8899", "8911", "9030", "9099", "6E9101", "", "91O1"]) {
      expect(scenarioOfFlight(ordinary), ordinary).toBeUndefined();
    }
  });

  it("lets the gravest scenario of an offer's flights win", () => {
    expect(scenarioOfFlights(["9101", "9202"])).toBe("SOLD_OUT");
    expect(scenarioOfFlights(["9201", "9302"])).toBe("PROVIDER_ERROR");
    expect(scenarioOfFlights(["9301", "9402"])).toBe("TIMEOUT");
    expect(scenarioOfFlights(["512", "733"])).toBeUndefined();
  });
});

describe("scenario flights", () => {
  it("fly BLR-HYD as A320 non-stops at fixed times (IndiGo; Air India for holds), sold like ordinary flights", async () => {
    const offers = await sandboxAt().airline.searchFlights(BLR_HYD);
    expectValidOffers(offers, BLR_HYD);
    const found = scenarioSegments(offers);
    const flights = [...new Map(found.map(({ segment: s }) => [s.flightNo, s])).values()].sort((a, b) =>
      a.depTime.localeCompare(b.depTime),
    );
    expect(flights.map((s) => [s.flightNo, s.depTime])).toEqual([
      ["9001", "2026-12-01T06:00:00+05:30"],
      ["9101", "2026-12-01T07:00:00+05:30"],
      ["9011", "2026-12-01T08:15:00+05:30"],
      ["9201", "2026-12-01T09:30:00+05:30"],
      ["9021", "2026-12-01T10:45:00+05:30"],
      ["9301", "2026-12-01T12:00:00+05:30"],
      ["9401", "2026-12-01T14:30:00+05:30"],
      ["9501", "2026-12-01T17:00:00+05:30"],
      ["9601", "2026-12-01T19:00:00+05:30"],
      ["9701", "2026-12-01T20:30:00+05:30"],
      ["9801", "2026-12-01T21:30:00+05:30"],
      ["9901", "2026-12-01T22:30:00+05:30"],
    ]);
    for (const { offer, segment } of found) {
      expect(offer.segments).toHaveLength(1);
      const carrier = Number(segment.flightNo) >= 9600 && Number(segment.flightNo) < 9800 ? "AI" : "6E";
      expect([segment.carrier, segment.aircraft, segment.durationMinutes]).toEqual([carrier, "320", 70]);
      // Air India's A320 also sells business; IndiGo only economy.
      if (carrier === "6E") expect(segment.cabin).toBe("ECONOMY");
    }
    for (const s of flights) {
      const fares = found.filter((f) => f.segment.flightNo === s.flightNo);
      expect(
        fares.some((f) => f.offer.refundable),
        `${s.flightNo} flexible fare`,
      ).toBe(true);
    }
    expect(offers.some((o) => o.segments.length === 2)).toBe(true);
  });

  it("fly HYD-BLR with even numbers, and in round trips either way", async () => {
    const { airline } = sandboxAt();
    const back = await airline.searchFlights({ ...BLR_HYD, origin: "HYD", dest: "BLR" });
    expect([...new Set(scenarioSegments(back).map((f) => f.segment.flightNo))].sort()).toEqual([
      "9002",
      "9012",
      "9022",
      "9102",
      "9202",
      "9302",
      "9402",
      "9502",
      "9602",
      "9702",
      "9802",
      "9902",
    ]);
    const roundTrips = await airline.searchFlights({ ...BLR_HYD, returnDate: "2026-12-03" });
    const directions = new Set(scenarioSegments(roundTrips).map((f) => f.segment.direction));
    expect(directions).toEqual(new Set(["OUTBOUND", "RETURN"]));
  });

  it("appear nowhere else: not in connections through BLR or HYD, not on DEL-BOM", async () => {
    const { airline } = sandboxAt();
    for (const [origin, dest] of [
      ["DEL", "BLR"],
      ["BLR", "DEL"],
      ["DEL", "HYD"],
      ["MAA", "HYD"],
      ["BLR", "CCU"],
      ["HYD", "BOM"],
      ["DEL", "BOM"],
    ] as const) {
      const offers = await airline.searchFlights({ ...BLR_HYD, origin, dest });
      expect(offers.length, `${origin}-${dest}`).toBeGreaterThan(0);
      expect(scenarioSegments(offers), `${origin}-${dest}`).toEqual([]);
    }
  });
});
