import { describe, expect, it } from "vitest";
import type { Cabin, FlightQuery } from "@tarmac/airline-port";
import { ONE_ADULT, expectValidOffers, sandboxAt } from "./test-support.js";

const BOM_LHR: FlightQuery = { origin: "BOM", dest: "LHR", departureDate: "2026-12-10", pax: ONE_ADULT };
const cabinsOf = (offers: { segments: readonly { cabin: Cabin }[] }[]) => new Set(offers.map((o) => o.segments[0]!.cabin));

describe("cabins", () => {
  it("without a cabin, offers every cabin the aircraft have, first only on some widebodies", async () => {
    const offers = await sandboxAt().airline.searchFlights(BOM_LHR);
    expect(cabinsOf(offers)).toEqual(new Set(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]));
    const first = offers.filter((o) => o.segments[0]!.cabin === "FIRST");
    const firstAircraft = new Set(first.flatMap((o) => o.segments.map((s) => s.aircraft)));
    expect([...firstAircraft].every((a) => ["77W", "388", "789", "748"].includes(a))).toBe(true);
    expect(first.length).toBeLessThan(offers.filter((o) => o.segments[0]!.cabin === "ECONOMY").length);
  });

  it("with a cabin, offers only that cabin, the same offers as the unfiltered search", async () => {
    const { airline } = sandboxAt();
    const all = await airline.searchFlights(BOM_LHR);
    for (const cabin of ["ECONOMY", "BUSINESS", "FIRST"] as const) {
      const query = { ...BOM_LHR, cabin };
      const only = await airline.searchFlights(query);
      expect(only.length).toBeGreaterThan(0);
      expectValidOffers(only, query);
      expect(only).toEqual(all.filter((o) => o.segments[0]!.cabin === cabin));
    }
  });

  it("prices business above economy and first above business on the same flights", async () => {
    const offers = await sandboxAt().airline.searchFlights(BOM_LHR);
    const cheapest = (cabin: Cabin) =>
      Math.min(...offers.filter((o) => o.segments[0]!.cabin === cabin && o.airline === "EK").map((o) => o.baseFare));
    expect(cheapest("BUSINESS")).toBeGreaterThan(cheapest("ECONOMY"));
    expect(cheapest("FIRST")).toBeGreaterThan(cheapest("BUSINESS"));
  });
});

describe("seats and passengers", () => {
  it("only offers fares with a seat for every adult and child", async () => {
    const { airline } = sandboxAt();
    const big: FlightQuery = { ...BOM_LHR, pax: { adult: 6, child: 3, infant: 2 } };
    const offers = await airline.searchFlights(big);
    expect(offers.length).toBeGreaterThan(0);
    expectValidOffers(offers, big);
    expect(offers.length).toBeLessThan((await airline.searchFlights(BOM_LHR)).length);
  });

  it("prices every passenger: a child 75%, an infant 10% (no seat), each in whole rupees", async () => {
    const { airline } = sandboxAt();
    const single = new Map((await airline.searchFlights(BOM_LHR)).map((o) => [o.key, o]));
    const withChild = await airline.searchFlights({ ...BOM_LHR, pax: { adult: 1, child: 1, infant: 0 } });
    const withInfant = await airline.searchFlights({ ...BOM_LHR, pax: { adult: 1, child: 0, infant: 1 } });
    expect(withInfant.map((o) => o.key).sort()).toEqual([...single.keys()].sort());
    // A second seat can push the cheapest open class up a letter; compare the fares both searches sold.
    const extra = (offers: typeof withChild, share: number) => {
      const same = offers.filter((o) => single.has(o.key));
      expect(same.length).toBeGreaterThan(offers.length / 2);
      for (const offer of same) {
        const adult = single.get(offer.key)!.baseFare;
        const fare = offer.baseFare - adult;
        expect(fare % 100).toBe(0);
        expect(Math.abs(fare - adult * share)).toBeLessThanOrEqual(50);
      }
    };
    extra(withChild, 0.75);
    extra(withInfant, 0.1);
  });
});
