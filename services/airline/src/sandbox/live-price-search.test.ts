import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { airportDirectory, type FlightQuery, type ProviderOffer } from "@tarmac/airline-port";
import { fareClassesOf } from "./fare-classes.js";
import { livePriceOf } from "./live-price.js";
import { keyFlights, parseOfferKey } from "./offer-key.js";
import { scenarioOfFlights } from "./scenario-flights.js";
import { searchSandbox } from "./search.js";

/**
 * livePriceOf prices only the offer's own carrier and fare option; the answer must be exactly the
 * offer a whole search quoting live fares holds under that key, or sold out when it holds none.
 */
const deps = { clock: new ManualClock("2026-11-22T06:00:00Z"), airports: { find: (code: string) => airportDirectory().find(code) } };
const FAMILY = { adult: 2, child: 1, infant: 1 };
const QUERIES: readonly FlightQuery[] = [
  { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: { adult: 1, child: 0, infant: 0 } },
  { origin: "BLR", dest: "CCU", departureDate: "2026-11-23", pax: FAMILY },
  { origin: "DEL", dest: "BOM", departureDate: "2026-12-10", pax: { adult: 1, child: 0, infant: 0 }, cabin: "BUSINESS" },
  { origin: "BOM", dest: "DXB", departureDate: "2026-12-03", pax: { adult: 3, child: 0, infant: 0 } },
  { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", returnDate: "2026-12-02", pax: { adult: 1, child: 0, infant: 0 } },
  { origin: "DEL", dest: "CCU", departureDate: "2026-12-05", returnDate: "2026-12-09", pax: FAMILY },
];

/** The answer as it was before: sold-out scenario flights refused, else the whole search run again, live, and the offer with the key. */
function wholeSearchAnswer(key: string, query: FlightQuery): ProviderOffer | undefined {
  const flights = keyFlights(parseOfferKey(key)!);
  if (scenarioOfFlights(flights.map((f) => f.flightNo)) === "SOLD_OUT") return undefined;
  return searchSandbox(query, { ...deps, live: true }).find((o) => o.key === key);
}

function livePrice(key: string, query: FlightQuery): ProviderOffer | string {
  const parsed = parseOfferKey(key);
  if (parsed === undefined) throw new Error(`the search answered a key it cannot read: ${key}`);
  try {
    return livePriceOf(parsed, scenarioOfFlights(keyFlights(parsed).map((f) => f.flightNo)), { key, pax: query.pax }, deps);
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** Up to `n` items spread over the whole list, first and last included. */
const spread = <T>(items: readonly T[], n: number): T[] =>
  items.length <= n ? [...items] : Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!);

describe("livePriceOf prices one offer exactly as the whole search does", () => {
  it.each(QUERIES.map((q) => [`${q.origin}-${q.dest} ${q.returnDate ?? "one way"} ${JSON.stringify(q.pax)}`, q] as const))(
    "%s",
    (_, query) => {
      const searched = searchSandbox(query, deps);
      expect(searched.length).toBeGreaterThan(0);
      for (const offer of spread(searched, 60)) {
        const expected = wholeSearchAnswer(offer.key, query);
        expect(livePrice(offer.key, query), offer.key).toEqual(expected ?? "PROVIDER_SOLD_OUT");
      }
    },
  );

  it("calls sold out every key the search does not sell: closed or unshown classes, unpaired returns", () => {
    let soldOut = 0;
    for (const query of QUERIES) {
      const searched = searchSandbox(query, deps);
      const returns = spread([...new Set(searched.map((o) => o.key.split("~")[1]).filter((r) => r !== undefined))], 8);
      for (const offer of spread(searched, 8)) {
        const [outbound, back] = offer.key.split("~") as [string, string | undefined];
        const cabin = offer.segments[0]!.cabin;
        const keys = fareClassesOf(cabin).map(
          (c) => `${outbound.replace(/\/[A-Z]$/, `/${c.code}`)}${back === undefined ? "" : `~${back}`}`,
        );
        if (back !== undefined) {
          // The same return flight in every class, and the outbound with other returns the search offers.
          keys.push(...fareClassesOf(cabin).map((c) => `${outbound}~${back.replace(/\/[A-Z]$/, `/${c.code}`)}`));
          keys.push(...returns.map((r) => `${outbound}~${r}`));
        }
        // A key mixing cabins is refused unread (PROVIDER_REJECTED) before any pricing.
        for (const key of keys.filter((k) => parseOfferKey(k) !== undefined)) {
          const expected = wholeSearchAnswer(key, query);
          if (expected === undefined) soldOut++;
          expect(livePrice(key, query), key).toEqual(expected ?? "PROVIDER_SOLD_OUT");
        }
      }
    }
    expect(soldOut).toBeGreaterThan(20);
  });
});
