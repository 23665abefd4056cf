import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer, ProviderSegmentSeatMap } from "@tarmac/airline-port";
import type { SandboxAirline } from "./sandbox-airline.js";
import { freeSeats, ONE_ADULT, reservationOf, sandboxAt } from "./test-support.js";
import { failureOf } from "@tarmac/kernel/testing";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const BLR_HYD: FlightQuery = { ...BLR_CCU, dest: "HYD" };
const TWO_ADULTS = { adult: 2, child: 0, infant: 0 };
const PNR = /^[A-HJ-NP-Z2-9]{6}$/;

async function nonStop(airline: SandboxAirline, query = BLR_CCU): Promise<ProviderOffer> {
  return (await airline.searchFlights(query)).find((o) => o.segments.length === 1)!;
}

async function mapOf(airline: SandboxAirline, key: string, segment = 0): Promise<ProviderSegmentSeatMap> {
  return (await airline.seatMap(key)).segments[segment]!;
}

const takenSeats = (before: ProviderSegmentSeatMap, after: ProviderSegmentSeatMap) =>
  freeSeats(before).filter((seat) => !freeSeats(after).includes(seat));

describe("reserve", () => {
  it("holds the fare with a PNR and takes the seats, once per client reference", async () => {
    const { airline } = sandboxAt();
    const offer = await nonStop(airline);
    const before = await mapOf(airline, offer.key);
    const [a, b, c, d] = freeSeats(before);
    const seats = [
      { paxId: "ADT1", segmentIndex: 0, seat: a! },
      { paxId: "ADT2", segmentIndex: 0, seat: b!.toLowerCase() },
    ];
    const held = await airline.reserve(reservationOf("bk_1", offer.key, TWO_ADULTS, seats));
    expect(held).toEqual({ clientReference: "bk_1", pnr: expect.stringMatching(PNR), status: "HELD", tickets: [] });
    expect(takenSeats(before, await mapOf(airline, offer.key))).toEqual([a, b]);
    // A retry that says something else still answers the reservation already made, and takes nothing.
    const retry = reservationOf("bk_1", "not-a-key", ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: c! }]);
    expect(await airline.reserve(retry)).toEqual(held);
    expect(await airline.reserve({ ...retry, key: offer.key })).toEqual(held);
    expect(await airline.findReservation("bk_1")).toEqual(held);
    expect(takenSeats(before, await mapOf(airline, offer.key))).toEqual([a, b]);
    // Another reference is another reservation, with another PNR.
    const other = await airline.reserve(reservationOf("bk_2", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: d! }]));
    expect(other.pnr).not.toBe(held.pnr);
    expect(await airline.findReservation("bk_3")).toBeUndefined();
  });

  it("gives the same reference the same PNR in every fresh airline", async () => {
    const offer = await nonStop(sandboxAt().airline);
    const pnrOf = async () => (await sandboxAt().airline.reserve(reservationOf("bk_same", offer.key))).pnr;
    expect(await pnrOf()).toBe(await pnrOf());
  });

  it("refuses a seat another reservation holds with BOOKING_SEAT_UNAVAILABLE and holds nothing", async () => {
    const { airline } = sandboxAt();
    const offer = await nonStop(airline);
    const before = await mapOf(airline, offer.key);
    const [mine, theirs, spare] = freeSeats(before);
    await airline.reserve(reservationOf("bk_first", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: mine! }]));
    const clash = reservationOf("bk_second", offer.key, TWO_ADULTS, [
      { paxId: "ADT1", segmentIndex: 0, seat: theirs! },
      { paxId: "ADT2", segmentIndex: 0, seat: mine! },
    ]);
    const error = await failureOf(airline.reserve(clash));
    expect([error.code, error.status]).toEqual(["BOOKING_SEAT_UNAVAILABLE", 409]);
    expect(error.provider).toEqual({
      name: "SANDBOX",
      code: "SEAT_UNAVAILABLE",
      message: expect.stringContaining(`Seat ${mine} not available on`),
    });
    expect(takenSeats(before, await mapOf(airline, offer.key))).toEqual([mine]);
    expect(await airline.findReservation("bk_second")).toBeUndefined();
    // The refusal recorded nothing: the same reference with a free seat succeeds.
    const retried = await airline.reserve({ ...clash, seats: [{ paxId: "ADT2", segmentIndex: 0, seat: spare! }] });
    expect(retried.status).toBe("HELD");
    expect(takenSeats(before, await mapOf(airline, offer.key)).sort()).toEqual([mine!, spare!].sort());
  });

  it("refuses seats that do not exist, others hold, or the request names twice", async () => {
    const { airline } = sandboxAt();
    const offer = await nonStop(airline);
    const map = await mapOf(airline, offer.key);
    const occupied = map.rows.flatMap((r) => r.seats).find((s) => !s.available)!.seat;
    const [free] = freeSeats(map);
    const tries = [
      [["ADT1", "99A"]],
      [["ADT1", occupied]],
      [["ADT1", "12"]],
      [
        ["ADT1", free!],
        ["ADT2", free!],
      ],
    ];
    for (const picks of tries) {
      const seats = picks.map(([paxId, seat]) => ({ paxId: paxId!, segmentIndex: 0, seat: seat! }));
      const error = await failureOf(airline.reserve(reservationOf("bk_x", offer.key, TWO_ADULTS, seats)));
      expect(error.code, JSON.stringify(picks)).toBe("BOOKING_SEAT_UNAVAILABLE");
    }
    expect(freeSeats(await mapOf(airline, offer.key))).toEqual(freeSeats(map));
  });

  it("refuses seat requests it cannot read: an infant, a stranger, a missing segment, two seats for one", async () => {
    const { airline } = sandboxAt();
    const offer = await nonStop(airline);
    const [s1, s2] = freeSeats(await mapOf(airline, offer.key));
    const family = { adult: 1, child: 0, infant: 1 };
    const requests = [
      [{ paxId: "INF1", segmentIndex: 0, seat: s1! }],
      [{ paxId: "ADT2", segmentIndex: 0, seat: s1! }],
      [{ paxId: "ADT1", segmentIndex: 1, seat: s1! }],
      [
        { paxId: "ADT1", segmentIndex: 0, seat: s1! },
        { paxId: "ADT1", segmentIndex: 0, seat: s2! },
      ],
    ];
    for (const seats of requests) {
      const error = await failureOf(airline.reserve(reservationOf("bk_y", offer.key, family, seats)));
      expect(error.code).toBe("PROVIDER_REJECTED");
      expect(error.provider).toMatchObject({ name: "SANDBOX", code: "INVALID_SEAT_REQUEST" });
    }
  });

  it("takes seats on every segment of a connecting round trip, and cancelling frees them all", async () => {
    const { airline } = sandboxAt();
    const roundTrip = (await airline.searchFlights({ ...BLR_CCU, returnDate: "2026-12-05" })).find((o) => o.segments.length === 3)!;
    const before = (await airline.seatMap(roundTrip.key)).segments;
    const seats = before.map((m) => ({ paxId: "ADT1", segmentIndex: m.segmentIndex, seat: freeSeats(m).at(-1)! }));
    await airline.reserve(reservationOf("bk_rt", roundTrip.key, ONE_ADULT, seats));
    const during = (await airline.seatMap(roundTrip.key)).segments;
    expect(before.map((m, i) => takenSeats(m, during[i]!))).toEqual(seats.map((s) => [s.seat]));
    await airline.cancelReservation("bk_rt");
    await airline.cancelReservation("bk_rt");
    await airline.cancelReservation("bk_never_made");
    expect((await airline.seatMap(roundTrip.key)).segments).toEqual(before);
    expect((await airline.findReservation("bk_rt"))?.status).toBe("CANCELLED");
    // Freed seats can be sold again.
    expect((await airline.reserve(reservationOf("bk_rt2", roundTrip.key, ONE_ADULT, seats))).status).toBe("HELD");
  });

  it("refuses a party the fare cannot seat, like a live price", async () => {
    const { airline } = sandboxAt();
    const offers = await airline.searchFlights(BLR_CCU);
    const short = offers.find((o) => o.segments.length === 1 && o.segments[0]!.seatsAvailable < 9)!;
    const tooMany = { adult: short.segments[0]!.seatsAvailable + 1, child: 0, infant: 0 };
    const error = await failureOf(airline.reserve(reservationOf("bk_big", short.key, tooMany)));
    expect([error.code, error.provider?.code]).toEqual(["PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"]);
    const lap = await failureOf(airline.reserve(reservationOf("bk_lap", short.key, { adult: 1, child: 0, infant: 2 })));
    expect([lap.code, lap.provider?.code]).toEqual(["PROVIDER_REJECTED", "INVALID_PASSENGERS"]);
  });
});

describe("reserve on the scenario flights", () => {
  const keyOf = async (airline: SandboxAirline, flightNo: string) =>
    (await airline.searchFlights(BLR_HYD)).find((o) => o.segments[0]!.flightNo === flightNo)!.key;

  it("refuses like a live price: unreadable key, fare gone, sold out, provider error", async () => {
    const { airline } = sandboxAt();
    const refusals: [string, string, string][] = [
      ["6E512/T", "PROVIDER_REJECTED", "INVALID_OFFER_KEY"],
      ["6E8899.BLRHYD.20261201/T", "PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"],
      ["6E512.BLRHYD.20261101/T", "PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"],
      [await keyOf(airline, "9201"), "PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"],
      [await keyOf(airline, "9301"), "PROVIDER_UNAVAILABLE", "SYSTEM_ERROR"],
    ];
    for (const [key, code, providerCode] of refusals) {
      const error = await failureOf(airline.reserve(reservationOf(`bk_${key}`, key)));
      expect([error.code, error.provider?.name, error.provider?.code], key).toEqual([code, "SANDBOX", providerCode]);
      expect(await airline.findReservation(`bk_${key}`)).toBeUndefined();
    }
  });

  it("never answers on a timeout flight until the caller's signal aborts", async () => {
    const { airline } = sandboxAt();
    const controller = new AbortController();
    const pending = airline.reserve(reservationOf("bk_slow", await keyOf(airline, "9401")), { signal: controller.signal });
    const reason = new Error("deadline");
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(await airline.findReservation("bk_slow")).toBeUndefined();
  });

  it("holds price-change and ticketing-failure flights like any other", async () => {
    const { airline } = sandboxAt();
    const offers = [
      ...(await airline.searchFlights(BLR_HYD)),
      ...(await airline.searchFlights({ ...BLR_HYD, origin: "HYD", dest: "BLR" })),
    ];
    for (const flightNo of ["9101", "9102", "9501", "9502"]) {
      const { key } = offers.find((o) => o.segments[0]!.flightNo === flightNo)!;
      const [seat] = freeSeats(await mapOf(airline, key));
      const held = await airline.reserve(
        reservationOf(`bk_${flightNo}`, key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]),
      );
      expect(held.status, flightNo).toBe("HELD");
      expect(freeSeats(await mapOf(airline, key))).not.toContain(seat);
    }
  });

  it("answers an aborted call with the signal's reason", async () => {
    const { airline } = sandboxAt();
    const reason = new Error("gone");
    const signal = AbortSignal.abort(reason);
    await expect(airline.reserve(reservationOf("bk_abort", await keyOf(airline, "9101")), { signal })).rejects.toBe(reason);
    await expect(airline.findReservation("bk_abort", { signal })).rejects.toBe(reason);
    await expect(airline.cancelReservation("bk_abort", { signal })).rejects.toBe(reason);
  });
});
