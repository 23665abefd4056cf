import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer, ProviderSegmentSeatMap } from "@tarmac/airline-port";
import { ONE_ADULT, sandboxAt } from "./test-support.js";
import { failureOf } from "@tarmac/kernel/testing";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const BLR_HYD: FlightQuery = { ...BLR_CCU, dest: "HYD" };

const seats = (m: ProviderSegmentSeatMap) => m.rows.flatMap((r) => r.seats);
const availability = (m: ProviderSegmentSeatMap) =>
  seats(m)
    .map((s) => (s.available ? "." : "x"))
    .join("");

describe("seat map availability", () => {
  it("shows a realistic, seeded occupancy per flight, the same whenever it is asked", async () => {
    const offers = await sandboxAt().airline.searchFlights(BLR_CCU);
    const nonStops = offers.filter((o) => o.segments.length === 1 && o.segments[0]!.cabin === "ECONOMY").slice(0, 8);
    const later = sandboxAt("2026-11-28T18:00:00Z").airline;
    const patterns = new Set<string>();
    for (const offer of nonStops) {
      const [map] = (await sandboxAt().airline.seatMap(offer.key)).segments;
      const free = seats(map!).filter((s) => s.available).length / seats(map!).length;
      expect(free).toBeGreaterThan(0.05);
      expect(free).toBeLessThan(0.8);
      // Another day, another fare of the flight: the same seats are free (a SUPER_FLEXI fare such as
      // Y may price them differently: its brand can include a standard seat).
      const otherClass = offer.key.replace(/\/[A-Z]$/, "/Y");
      expect(availability((await later.seatMap(otherClass)).segments[0]!)).toBe(availability(map!));
      patterns.add(availability(map!));
    }
    expect(patterns.size).toBe(nonStops.length);
  });

  it("shows seats a booking took as unavailable, on that flight and that airline only", async () => {
    const { airline } = sandboxAt();
    const offer = (await airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
    const [before] = (await airline.seatMap(offer.key)).segments;
    const free = seats(before!)
      .filter((s) => s.available)
      .slice(0, 2)
      .map((s) => s.seat);
    expect(free).toHaveLength(2);
    const segment = offer.segments[0]!;
    const flight = {
      carrier: segment.carrier,
      flightNo: segment.flightNo,
      origin: segment.origin,
      departureDate: segment.depTime.slice(0, 10),
    };
    airline.takeSeats(flight, free);
    airline.takeSeats(flight, free.slice(0, 1));
    const [after] = (await airline.seatMap(offer.key)).segments;
    const changed = seats(after!)
      .filter((s, i) => s.available !== seats(before!)[i]!.available)
      .map((s) => s.seat);
    expect(changed).toEqual(free);
    expect(
      seats(after!)
        .filter((s) => free.includes(s.seat))
        .every((s) => !s.available),
    ).toBe(true);
    expect((await sandboxAt().airline.seatMap(offer.key)).segments[0]).toEqual(before);
    const nextDay = offer.key.replaceAll("20261201", "20261202");
    expect(await airline.seatMap(nextDay)).toEqual(await sandboxAt().airline.seatMap(nextDay));
  });
});

describe("seat map segments", () => {
  const expectOneMapPerSegment = (offer: ProviderOffer, maps: readonly ProviderSegmentSeatMap[]) => {
    expect(maps.map((m) => [m.segmentIndex, m.carrier, m.flightNo, m.origin, m.dest, m.departureDate, m.aircraft, m.cabin])).toEqual(
      offer.segments.map((s, i) => [i, s.carrier, s.flightNo, s.origin, s.dest, s.depTime.slice(0, 10), s.aircraft, s.cabin]),
    );
    for (const m of maps) expect(m.rows.length).toBeGreaterThan(0);
  };

  it("has one map per flight of a connection and of a round trip, outbound then return", async () => {
    const { airline } = sandboxAt();
    const connection = (await airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 2)!;
    expectOneMapPerSegment(connection, (await airline.seatMap(connection.key)).segments);
    const roundTrip = (await airline.searchFlights({ ...BLR_CCU, returnDate: "2026-12-05", cabin: "BUSINESS" })).find(
      (o) => o.segments.length === 3,
    )!;
    expectOneMapPerSegment(roundTrip, (await airline.seatMap(roundTrip.key)).segments);
  });

  it("gives sold-out, price-change and ticketing-failure flights ordinary seat maps", async () => {
    const { airline } = sandboxAt();
    const offers = await airline.searchFlights(BLR_HYD);
    for (const flightNo of ["9101", "9201", "9501"]) {
      const offer = offers.find((o) => o.segments[0]!.flightNo === flightNo)!;
      expectOneMapPerSegment(offer, (await airline.seatMap(offer.key)).segments);
    }
  });

  it("refuses like a live price: unreadable key, fare gone, provider error, no answer", async () => {
    const { airline } = sandboxAt();
    expect((await failureOf(airline.seatMap("6E512/T"))).provider).toMatchObject({ name: "SANDBOX", code: "INVALID_OFFER_KEY" });
    for (const key of ["6E8899.BLRHYD.20261201/T", "6E512.BLRHYD.20261101/T", "AI9101.BLRHYD.20261201/Y"]) {
      const error = await failureOf(airline.seatMap(key));
      expect([error.code, error.provider?.code], key).toEqual(["PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"]);
    }
    const offers = await airline.searchFlights(BLR_HYD);
    const keyOf = (flightNo: string) => offers.find((o) => o.segments[0]!.flightNo === flightNo)!.key;
    expect((await failureOf(airline.seatMap(keyOf("9301")))).code).toBe("PROVIDER_UNAVAILABLE");
    const controller = new AbortController();
    const pending = airline.seatMap(keyOf("9401"), { signal: controller.signal });
    const reason = new Error("deadline");
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});
