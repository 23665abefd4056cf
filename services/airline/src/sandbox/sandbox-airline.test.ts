import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { ONE_ADULT, expectValidOffers, offerProblems, sandboxAt } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const DEL_LHR: FlightQuery = { origin: "DEL", dest: "LHR", departureDate: "2026-12-01", pax: ONE_ADULT };

describe("sandbox airline", () => {
  it("is named SANDBOX", () => {
    expect(sandboxAt().airline.name).toBe("SANDBOX");
  });

  it("answers the same query on the same day with identical offers in identical order", async () => {
    const { airline } = sandboxAt();
    const first = await airline.searchFlights(DEL_LHR);
    expect(first.length).toBeGreaterThan(10);
    expect(await airline.searchFlights(DEL_LHR)).toEqual(first);
    // Later that day: the same offers; only the hold terms, given as of each answer, move with the clock.
    const withoutHold = (offers: readonly ProviderOffer[]) => offers.map(({ hold: _hold, ...offer }) => offer);
    expect(withoutHold(await sandboxAt("2026-11-22T23:59:00Z").airline.searchFlights(DEL_LHR))).toEqual(withoutHold(first));
  });

  it("reprices on another day, still with valid offers on the same flights", async () => {
    const today = await sandboxAt().airline.searchFlights(BLR_CCU);
    const tomorrow = await sandboxAt("2026-11-23T06:00:00Z").airline.searchFlights(BLR_CCU);
    expectValidOffers(tomorrow, BLR_CCU);
    const flights = (offers: typeof today) => new Set(offers.map((o) => o.key.split("/")[0]));
    expect(flights(tomorrow)).toEqual(flights(today));
    const price = new Map(today.map((o) => [o.key, o.baseFare]));
    expect(tomorrow.some((o) => price.has(o.key) && price.get(o.key) !== o.baseFare)).toBe(true);
  });

  it("returns tens of valid offers on an ordinary route, cheapest first, with unique keys", async () => {
    const offers = await sandboxAt().airline.searchFlights(BLR_CCU);
    expect(offers.length).toBeGreaterThanOrEqual(20);
    expect(offers.length).toBeLessThan(400);
    expectValidOffers(offers, BLR_CCU);
    expect(new Set(offers.map((o) => o.key)).size).toBe(offers.length);
    const totals = offers.map((o) => o.baseFare + o.taxes);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(offers.some((o) => o.segments.length === 1)).toBe(true);
    expect(offers.some((o) => o.segments.length === 2)).toBe(true);
    expect(new Set(offers.map((o) => o.airline)).size).toBeGreaterThan(2);
  });

  it("sells both flexible (refundable) and saver (non-refundable) fares", async () => {
    const offers = await sandboxAt().airline.searchFlights(DEL_LHR);
    const flexible = new Set(["Y", "B", "M", "W", "J", "C", "F"]);
    expect(offers.some((o) => o.refundable)).toBe(true);
    expect(offers.some((o) => !o.refundable)).toBe(true);
    for (const o of offers) expect(flexible.has(o.segments[0]!.bookingClass)).toBe(o.refundable);
  });

  it("stops selling flights that leave within two hours", async () => {
    const now = "2026-12-01T00:30:00Z";
    const offers = await sandboxAt(now).airline.searchFlights({ ...BLR_CCU, departureDate: "2026-12-01" });
    const earliest = Math.min(...offers.map((o) => Date.parse(o.segments[0]!.depTime)));
    expect(earliest).toBeGreaterThanOrEqual(Date.parse(now) + 2 * 60 * 60_000);
  });

  it("finds nothing where there is no sensible service", async () => {
    const { airline } = sandboxAt();
    const search = (q: Partial<FlightQuery>) => airline.searchFlights({ ...BLR_CCU, ...q });
    expect(await search({ origin: "ZZZ" }), "unknown airport").toEqual([]);
    expect(await search({ dest: "BLR" }), "same airport").toEqual([]);
    expect(await search({ origin: "GKA", dest: "DEL" }), "airport without service").toEqual([]);
    expect(await search({ origin: "DEL", dest: "SCL" }), "airport without service").toEqual([]);
    expect(await search({ origin: "CNS", dest: "ESB" }), "no carrier serves both ends").toEqual([]);
    expect(await search({ departureDate: "2026-11-01" }), "in the past").toEqual([]);
    expect(await search({ returnDate: "2026-11-30" }), "return before departure").toEqual([]);
    expect(await search({ pax: { adult: 1, child: 0, infant: 2 } }), "more infants than laps").toEqual([]);
    expect(await search({ pax: { adult: 0, child: 0, infant: 0 } }), "nobody").toEqual([]);
  });

  it("rejects malformed queries and aborted calls", async () => {
    const { airline } = sandboxAt();
    await expect(airline.searchFlights({ ...BLR_CCU, departureDate: "20261201" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "departureDate", code: "INVALID_FORMAT" }],
    });
    const controller = new AbortController();
    controller.abort(new Error("caller gave up"));
    await expect(airline.searchFlights(BLR_CCU, { signal: controller.signal })).rejects.toThrow("caller gave up");
  });

  it("is checked by a validator that does catch broken offers", async () => {
    const offer = (await sandboxAt().airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
    const [segment] = offer.segments;
    const broken = { ...offer, taxes: 10.5, segments: [{ ...segment!, seatsAvailable: 0, durationMinutes: 1 }] };
    expect(offerProblems(offer, BLR_CCU)).toEqual([]);
    const problems = offerProblems(broken, BLR_CCU).join("\n");
    expect(problems).toContain("taxes whole paise");
    expect(problems).toContain("seats for every seated passenger");
    expect(problems).toContain("arrival = departure + duration");
  });
});
