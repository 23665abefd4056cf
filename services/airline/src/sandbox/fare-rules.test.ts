import { describe, expect, it } from "vitest";
import { CABINS, type FareRules, type FlightQuery, type ProviderOffer } from "@tarmac/airline-port";
import { fareClassesOf } from "./fare-classes.js";
import { BAND_HOURS, fareRulesOf } from "./fare-rules.js";
import { ONE_ADULT, expectValidOffers, sandboxAt } from "./test-support.js";

const classNamed = (code: string) => CABINS.flatMap((c) => fareClassesOf(c)).find((c) => c.code === code)!;
const rulesOf = (code: string, international = false) => fareRulesOf([{ fareClass: classNamed(code), international }]);
const rupees = (bands: FareRules["cancellationPenalties"]) => bands.map((b) => b.perPassengerPaise / 100);

describe("fare rules by class", () => {
  it("follows the README's table", () => {
    expect(rulesOf("Y")).toEqual({
      refundable: true,
      cancellationPenalties: BAND_HOURS.map((h, i) => ({
        minHoursBeforeDeparture: h,
        perPassengerPaise: [0, 50_000, 100_000, 150_000][i],
      })),
      changeFees: BAND_HOURS.map((h, i) => ({ minHoursBeforeDeparture: h, perPassengerPaise: [0, 25_000, 50_000, 100_000][i] })),
      taxesRefundable: true,
    });
    expect([rupees(rulesOf("M").cancellationPenalties), rupees(rulesOf("M").changeFees)]).toEqual([
      [500, 1_000, 1_500, 2_500],
      [0, 500, 1_000, 1_500],
    ]);
    expect(rupees(rulesOf("M", true).cancellationPenalties)).toEqual([1_500, 3_000, 4_500, 7_500]);
    expect([rupees(rulesOf("J").cancellationPenalties), rupees(rulesOf("C").changeFees)]).toEqual([
      [0, 0, 500, 1_000],
      [0, 0, 250, 750],
    ]);
    expect(rulesOf("W")).toEqual(rulesOf("Y"));
    expect(rulesOf("F", true)).toEqual(rulesOf("J", true));
    const saver = rulesOf("T");
    expect([saver.refundable, rupees(saver.cancellationPenalties), rupees(saver.changeFees)]).toEqual([
      false,
      [3_000, 3_500, 4_000, 4_500],
      [2_000, 2_500, 3_000, 3_500],
    ]);
    const z = rulesOf("Z", true);
    expect([z.refundable, rupees(z.cancellationPenalties), rupees(z.changeFees)]).toEqual([
      false,
      [7_500, 9_000, 10_500, 12_000],
      [4_500, 6_000, 7_500, 9_000],
    ]);
  });

  it("refunds every flexible class and no saver; business and first charge no more than the economy cabins", () => {
    for (const international of [false, true]) {
      for (const fareClass of CABINS.flatMap((c) => fareClassesOf(c))) {
        const rules = rulesOf(fareClass.code, international);
        expect(rules.refundable, fareClass.code).toBe(fareClass.refundable);
        expect(rules.taxesRefundable).toBe(true);
      }
      const worst = (codes: string[], pick: (r: FareRules) => FareRules["changeFees"]) =>
        BAND_HOURS.map((_, i) => Math.max(...codes.map((c) => pick(rulesOf(c, international))[i]!.perPassengerPaise)));
      const best = (codes: string[], pick: (r: FareRules) => FareRules["changeFees"]) =>
        BAND_HOURS.map((_, i) => Math.min(...codes.map((c) => pick(rulesOf(c, international))[i]!.perPassengerPaise)));
      for (const pick of [(r: FareRules) => r.cancellationPenalties, (r: FareRules) => r.changeFees]) {
        const premium = worst(["J", "C", "F"], pick);
        best(["Y", "B", "M", "W"], pick).forEach((economy, i) => expect(premium[i]).toBeLessThanOrEqual(economy));
      }
    }
  });

  it("gives a round trip the stricter of its two directions' rules", () => {
    const [y, m] = [classNamed("Y"), classNamed("M")];
    const both = fareRulesOf([
      { fareClass: y, international: false },
      { fareClass: m, international: false },
    ]);
    expect(both).toEqual(rulesOf("M"));
    expect(
      fareRulesOf([
        { fareClass: m, international: false },
        { fareClass: y, international: false },
      ]),
    ).toEqual(rulesOf("M"));
    expect(Object.isFrozen(both) && Object.isFrozen(both.changeFees[0])).toBe(true);
  });
});

describe("fare rules on offers", () => {
  const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
  const classes = (offer: ProviderOffer) =>
    offer.segments.filter((s, i, all) => i === 0 || s.direction !== all[i - 1]!.direction).map((s) => s.bookingClass);

  it("carries the rules of its class, domestic or international, agreeing on refundability", async () => {
    const { airline } = sandboxAt();
    const DEL_LHR: FlightQuery = { ...BLR_CCU, origin: "DEL", dest: "LHR" };
    for (const [query, international] of [
      [BLR_CCU, false],
      [DEL_LHR, true],
    ] as const) {
      const offers = await airline.searchFlights(query);
      expectValidOffers(offers, query);
      expect(new Set(offers.map((o) => o.refundable))).toEqual(new Set([true, false]));
      for (const offer of offers) expect(offer.fareRules, offer.key).toEqual(rulesOf(classes(offer)[0]!, international));
    }
  });

  it("gives round trips sold on two classes the stricter direction's rules", async () => {
    const query: FlightQuery = {
      origin: "DEL",
      dest: "BOM",
      departureDate: "2026-12-01",
      returnDate: "2026-12-03",
      pax: ONE_ADULT,
      cabin: "ECONOMY",
    };
    const offers = await sandboxAt().airline.searchFlights(query);
    const mixed = offers.filter((o) => classes(o).join("") === "YM" || classes(o).join("") === "MY");
    expect(mixed.length).toBeGreaterThan(0);
    for (const offer of mixed) expect(offer.fareRules).toEqual(rulesOf("M"));
    expect(offers.find((o) => classes(o).join("") === "YY")?.fareRules).toEqual(rulesOf("Y"));
  });

  it("files savers as an airline does: non-refundable with ordinary bands, the forfeit left to booking", async () => {
    const query: FlightQuery = {
      origin: "BOM",
      dest: "LAX",
      departureDate: "2026-11-22",
      returnDate: "2026-11-23",
      pax: { adult: 1, child: 0, infant: 1 },
      cabin: "FIRST",
    };
    const offers = await sandboxAt().airline.searchFlights(query);
    expectValidOffers(offers, query);
    const savers = offers.filter((o) => !o.refundable);
    expect(savers.length).toBeGreaterThan(0);
    // One seated passenger: the nearest band is a few thousand rupees, far below the base fare.
    for (const saver of savers) expect(saver.fareRules.cancellationPenalties.at(-1)!.perPassengerPaise).toBeLessThan(saver.baseFare);
  });

  it("answers a live price with the search's rules, a price-change flight's included", async () => {
    const { airline } = sandboxAt();
    const offers = await airline.searchFlights({ ...BLR_CCU, dest: "HYD", pax: { adult: 2, child: 1, infant: 0 } });
    const picks = [offers[0]!, offers.find((o) => o.refundable)!, offers.find((o) => o.segments[0]!.flightNo === "9101")!];
    for (const offer of picks) {
      const live = await airline.livePrice({ key: offer.key, pax: { adult: 2, child: 1, infant: 0 } });
      expect(live.fareRules, offer.key).toEqual(offer.fareRules);
    }
  });
});
