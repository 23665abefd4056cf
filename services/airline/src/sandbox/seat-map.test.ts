import { describe, expect, it } from "vitest";
import type { AirlineProvider, FlightQuery, ProviderOffer, ProviderSegmentSeatMap } from "@tarmac/airline-port";
import { ONE_ADULT, sandboxAt } from "./test-support.js";

const query = (origin: string, dest: string, extra: Partial<FlightQuery> = {}): FlightQuery => ({
  origin,
  dest,
  departureDate: "2026-12-01",
  pax: ONE_ADULT,
  ...extra,
});

async function offerWhere(airline: AirlineProvider, q: FlightQuery, pick: (o: ProviderOffer) => boolean): Promise<ProviderOffer> {
  const offer = (await airline.searchFlights(q)).find(pick);
  if (offer === undefined) throw new Error(`no matching offer ${q.origin}-${q.dest}`);
  return offer;
}

const nonStop =
  (carrier: string, aircraft: string, cabin = "ECONOMY") =>
  (o: ProviderOffer) =>
    o.segments.length === 1 && o.segments[0]!.carrier === carrier && o.segments[0]!.aircraft === aircraft && o.segments[0]!.cabin === cabin;

async function mapOf(airline: AirlineProvider, q: FlightQuery, pick: (o: ProviderOffer) => boolean): Promise<ProviderSegmentSeatMap> {
  const offer = await offerWhere(airline, q, pick);
  const map = await airline.seatMap(offer.key);
  expect(map.provider).toBe("SANDBOX");
  expect(map.currency).toBe("INR");
  return map.segments[0]!;
}

const letters = (m: ProviderSegmentSeatMap) => m.rows[0]!.seats.map((s) => s.seat.replace(/^\d+/, "")).join("");
const positions = (m: ProviderSegmentSeatMap) => m.rows[0]!.seats.map((s) => s.position[0]).join("");
const rowNumbers = (m: ProviderSegmentSeatMap) => m.rows.map((r) => r.row);
const seats = (m: ProviderSegmentSeatMap) => m.rows.flatMap((r) => r.seats);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("seat map layouts", () => {
  it("shows a low-cost A320 as 30 rows 3-3, every seat priced, legroom dearest", async () => {
    const { airline } = sandboxAt();
    const map = await mapOf(airline, query("BLR", "HYD"), nonStop("6E", "320"));
    expect([map.aircraft, map.cabin, letters(map), positions(map)]).toEqual(["320", "ECONOMY", "ABCDEF", "WMAAMW"]);
    expect(rowNumbers(map)).toEqual(range(1, 30));
    for (const row of map.rows) expect(row.seats.every((s) => s.seat === `${row.row}${s.seat.slice(-1)}`)).toBe(true);
    expect(map.rows.filter((r) => r.seats[0]!.exitRow).map((r) => r.row)).toEqual([12, 13]);
    expect(map.rows.filter((r) => r.seats[0]!.extraLegroom).map((r) => r.row)).toEqual([1, 12, 13]);
    const all = seats(map);
    expect(all.every((s) => Number.isSafeInteger(s.pricePaise) && s.pricePaise > 0 && s.pricePaise % 100 === 0)).toBe(true);
    const cheapestLegroom = Math.min(...all.filter((s) => s.extraLegroom).map((s) => s.pricePaise));
    expect(cheapestLegroom).toBeGreaterThan(Math.max(...all.filter((s) => !s.extraLegroom).map((s) => s.pricePaise)));
    const row20 = map.rows.find((r) => r.row === 20)!.seats;
    expect(row20[0]!.pricePaise).toBeGreaterThan(row20[1]!.pricePaise);
  });

  it("shows turboprops 2-2", async () => {
    const { airline } = sandboxAt();
    const atr = await mapOf(airline, query("BLR", "MAA"), nonStop("6E", "AT7"));
    const dash = await mapOf(airline, query("DEL", "JAI"), nonStop("SG", "DH4"));
    for (const map of [atr, dash]) expect([letters(map), positions(map), map.rows[0]!.row]).toEqual(["ACDF", "WAAW", 1]);
    expect([atr.rows.length, dash.rows.length]).toEqual([18, 19]);
  });

  it("numbers a full-service narrowbody's economy after its 2-2 business rows; standard seats free", async () => {
    const { airline } = sandboxAt();
    const economy = await mapOf(airline, query("BLR", "HYD"), nonStop("AI", "320"));
    const business = await mapOf(
      airline,
      query("BLR", "HYD"),
      (o) => nonStop("AI", "320", "BUSINESS")(o) && o.segments[0]!.flightNo === economy.flightNo,
    );
    expect([letters(business), rowNumbers(business)]).toEqual(["ACDF", [1, 2]]);
    expect(seats(business).every((s) => s.pricePaise === 0)).toBe(true);
    expect(rowNumbers(economy)[0]).toBe(3);
    const standard = seats(economy).filter((s) => !s.extraLegroom && Number.parseInt(s.seat, 10) >= 8);
    expect(standard.every((s) => s.pricePaise === 0)).toBe(true);
    expect(
      seats(economy)
        .filter((s) => s.extraLegroom)
        .every((s) => s.pricePaise > 0),
    ).toBe(true);
  });

  it("shows widebody cabins front to back: first 1-1-1, business 1-2-1, premium 2-4-2, economy 3-4-3 or 3-3-3", async () => {
    const { airline } = sandboxAt();
    const delLhr = query("DEL", "LHR");
    // One flight in every cabin: the seat map needs the flight and the cabin, not an open class.
    const flight = (await offerWhere(airline, delLhr, nonStop("AI", "77W", "FIRST"))).key.split("/")[0]!;
    const cabinMap = async (bookingClass: string) => (await airline.seatMap(`${flight}/${bookingClass}`)).segments[0]!;
    const [first, business, premium, economy] = await Promise.all(["F", "J", "W", "Y"].map(cabinMap));
    expect([first, business, premium, economy].map((m) => [letters(m!), m!.rows[0]!.row, m!.rows.at(-1)!.row])).toEqual([
      ["AEK", 1, 2],
      ["ADGK", 3, 12],
      ["ACDEFGHK", 13, 16],
      ["ABCDEFGHJK", 17, 48],
    ]);
    expect([positions(first!), positions(business!), positions(economy!)]).toEqual(["WAW", "WAAW", "WMAAMMAAMW"]);
    expect([first, business, premium].every((m) => seats(m!).every((s) => s.pricePaise === 0))).toBe(true);
    expect(economy!.rows.filter((r) => r.seats[0]!.exitRow).map((r) => r.row)).toEqual([17, 33]);
    const economyOn = async (q: FlightQuery, aircraft: string) => {
      const offer = await offerWhere(airline, q, (o) => o.segments.some((s) => s.aircraft === aircraft && s.cabin === "ECONOMY"));
      return (await airline.seatMap(offer.key)).segments.find((m) => m.aircraft === aircraft)!;
    };
    expect(letters(await economyOn(delLhr, "359"))).toBe("ABCDEFHJK");
    expect(letters(await economyOn(delLhr, "789"))).toBe("ABCDEFHJK");
    expect(letters(await economyOn(query("DEL", "DXB"), "388"))).toBe("ABCDEFGHJK");
  });

  it("prices the same seat higher on a long sector", async () => {
    const { airline } = sandboxAt();
    const legroom = (m: ProviderSegmentSeatMap) =>
      Math.max(
        ...seats(m)
          .filter((s) => s.extraLegroom)
          .map((s) => s.pricePaise),
      );
    const domestic = await mapOf(airline, query("BLR", "HYD"), nonStop("AI", "320"));
    const longHaul = await mapOf(airline, query("DEL", "LHR"), nonStop("AI", "77W"));
    expect(legroom(longHaul)).toBeGreaterThan(legroom(domestic));
  });
});
