import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer, ReservationChange, ReservationRequest } from "@tarmac/airline-port";
import { accountingCodeOf } from "./accounting-codes.js";
import type { SandboxAirline } from "./sandbox-airline.js";
import { freeSeats, ONE_ADULT, reservationOf, sandboxAt } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const FAMILY = { adult: 2, child: 0, infant: 1 };

const seatFor = (paxId: string, seat: string, segmentIndex = 0) => ({ paxId, segmentIndex, seat });

async function free(airline: SandboxAirline, key: string, segment = 0): Promise<string[]> {
  return freeSeats((await airline.seatMap(key)).segments[segment]!);
}

/** Two non-stops on different flights, a connection, and the other class of the first one's flight. */
async function offers(airline: SandboxAirline, query: FlightQuery = BLR_CCU) {
  const all = await airline.searchFlights(query);
  const nonStops = all.filter((o) => o.segments.length === 1);
  const first = nonStops[0]!;
  const flightOf = (o: ProviderOffer) => o.key.split("/")[0];
  return {
    first,
    other: nonStops.find((o) => flightOf(o) !== flightOf(first))!,
    connection: all.find((o) => o.segments.length === 2)!,
    sameFlight: nonStops.find((o) => flightOf(o) === flightOf(first) && o.key !== first.key)!,
  };
}

const changeOf = (
  clientReference: string,
  changeReference: string,
  key: string,
  seats: ReservationRequest["seats"] = [],
): ReservationChange => ({
  clientReference,
  changeReference,
  key,
  seats,
});

describe("changeReservation", () => {
  it("moves a HELD reservation to the new fare and seats under the same PNR; it tickets later on the new itinerary", async () => {
    const { airline, clock } = sandboxAt();
    const { first, connection } = await offers(airline, { ...BLR_CCU, pax: FAMILY });
    const [oldSeat] = await free(airline, first.key);
    const held = await airline.reserve(reservationOf("bk_1", first.key, FAMILY, [seatFor("ADT1", oldSeat!)]));
    const [s0, s1] = [(await free(airline, connection.key, 0)).at(-1)!, (await free(airline, connection.key, 1)).at(-1)!];
    const seats = [seatFor("ADT1", s0), seatFor("ADT2", s1, 1)];
    clock.advance(1_000);
    const changed = await airline.changeReservation(changeOf("bk_1", "chg_1", connection.key, seats));
    // Same PNR and status; it now names the change it made.
    expect(changed).toEqual({ ...held, changeReferences: ["chg_1"] });
    expect(await free(airline, first.key)).toContain(oldSeat);
    expect(
      [await free(airline, connection.key, 0), await free(airline, connection.key, 1)].map((f, i) => f.includes([s0, s1][i]!)),
    ).toEqual([false, false]);
    // A retry, whatever else it says, answers the reservation as changed and takes nothing.
    expect(await airline.changeReservation(changeOf("bk_1", "chg_1", "not-a-key", [seatFor("ADT1", oldSeat!)]))).toEqual(changed);
    expect(await free(airline, first.key)).toContain(oldSeat);
    // Ticketed at its usual time (2 s after the reservation), on the connection: 3 passengers x 2 segments.
    clock.advance(1_000);
    const ticketed = (await airline.findReservation("bk_1"))!;
    expect(ticketed).toMatchObject({ pnr: held.pnr, status: "TICKETED" });
    expect(ticketed.tickets.map((t) => [t.paxId, t.segmentIndex])).toEqual(
      ["ADT1", "ADT2", "INF1"].flatMap((p) => [
        [p, 0],
        [p, 1],
      ]),
    );
    expect(ticketed.tickets.every((t) => t.ticketNumber.startsWith(accountingCodeOf(connection.airline)))).toBe(true);
  });

  it("reissues a TICKETED reservation at once with new, unique ticket numbers, the same in a fresh airline", async () => {
    const reissued = async () => {
      const { airline, clock } = sandboxAt();
      const { first, other } = await offers(airline);
      await airline.reserve(reservationOf("bk_t", first.key));
      clock.advance(2_000);
      const ticketed = (await airline.findReservation("bk_t"))!;
      const once = await airline.changeReservation(changeOf("bk_t", "chg_a", other.key));
      const twice = await airline.changeReservation(changeOf("bk_t", "chg_b", first.key));
      expect(await airline.changeReservation(changeOf("bk_t", "chg_a", other.key))).toEqual(twice);
      return [ticketed, once, twice] as const;
    };
    const [ticketed, once, twice] = await reissued();
    for (const r of [once, twice]) expect(r).toMatchObject({ clientReference: "bk_t", pnr: ticketed.pnr, status: "TICKETED" });
    const numbers = [ticketed, once, twice].map((r) => r.tickets.map((t) => t.ticketNumber));
    expect(numbers.flat().filter((n) => !/^\d{13}$/.test(n))).toEqual([]);
    expect(new Set(numbers.flat()).size).toBe(3);
    expect(await reissued()).toEqual([ticketed, once, twice]);
  });

  it("lets the reservation keep its own seat on a flight it keeps, in another class", async () => {
    const { airline } = sandboxAt();
    const { first, sameFlight } = await offers(airline);
    const [seat] = await free(airline, first.key);
    await airline.reserve(reservationOf("bk_keep", first.key, ONE_ADULT, [seatFor("ADT1", seat!)]));
    expect((await airline.changeReservation(changeOf("bk_keep", "chg_keep", sameFlight.key, [seatFor("ADT1", seat!)]))).status).toBe(
      "HELD",
    );
    expect(await free(airline, first.key)).not.toContain(seat);
    await airline.cancelReservation("bk_keep");
    expect(await free(airline, first.key)).toContain(seat);
  });

  it("refuses a seat someone else holds with BOOKING_SEAT_UNAVAILABLE, changing nothing, and the change may be retried", async () => {
    const { airline } = sandboxAt();
    const { first, other } = await offers(airline);
    const [mine] = await free(airline, first.key);
    const [theirs, spare] = await free(airline, other.key);
    const held = await airline.reserve(reservationOf("bk_mine", first.key, ONE_ADULT, [seatFor("ADT1", mine!)]));
    await airline.reserve(reservationOf("bk_theirs", other.key, ONE_ADULT, [seatFor("ADT1", theirs!)]));
    const clash = changeOf("bk_mine", "chg_clash", other.key, [seatFor("ADT1", theirs!)]);
    const error = await airline.changeReservation(clash).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BOOKING_SEAT_UNAVAILABLE", provider: { name: "SANDBOX", code: "SEAT_UNAVAILABLE" } });
    expect(await free(airline, first.key)).not.toContain(mine);
    expect(await airline.findReservation("bk_mine")).toEqual(held);
    await airline.changeReservation({ ...clash, seats: [seatFor("ADT1", spare!)] });
    expect(await free(airline, first.key)).toContain(mine);
    expect(await free(airline, other.key)).not.toContain(spare);
    // Cancelling now frees the new seat, not the old one a second time.
    await airline.cancelReservation("bk_mine");
    expect(await free(airline, other.key)).toContain(spare);
    expect(await free(airline, other.key)).not.toContain(theirs);
  });
});
