import { describe, expect, it } from "vitest";
import type { FlightQuery, ProviderOffer, ProviderSegmentSeatMap } from "@tarmac/airline-port";
import { accountingCodeOf } from "./accounting-codes.js";
import type { SandboxAirline } from "./sandbox-airline.js";
import { freeSeats, ONE_ADULT, reservationOf, sandboxAt } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const BLR_HYD: FlightQuery = { ...BLR_CCU, dest: "HYD" };
const FAMILY = { adult: 2, child: 1, infant: 1 };

const firstMap = async (airline: SandboxAirline, key: string): Promise<ProviderSegmentSeatMap> => (await airline.seatMap(key)).segments[0]!;

async function offerOn(airline: SandboxAirline, query: FlightQuery, pick: (o: ProviderOffer) => boolean): Promise<ProviderOffer> {
  return (await airline.searchFlights(query)).find(pick)!;
}

describe("ticketing", () => {
  it("tickets a held reservation once the delay has passed: one 13-digit number per passenger per segment", async () => {
    const { airline, clock } = sandboxAt();
    const query = { ...BLR_CCU, pax: FAMILY, returnDate: "2026-12-05" };
    const offer = await offerOn(airline, query, (o) => o.segments.length === 3);
    const held = await airline.reserve(reservationOf("bk_family", offer.key, FAMILY));
    clock.advance(1_999);
    expect(await airline.findReservation("bk_family")).toEqual(held);
    clock.advance(1);
    const ticketed = (await airline.findReservation("bk_family"))!;
    expect(ticketed).toMatchObject({ clientReference: "bk_family", pnr: held.pnr, status: "TICKETED" });
    expect(ticketed.failureReason).toBeUndefined();
    const paxIds = ["ADT1", "ADT2", "CHD1", "INF1"];
    expect(ticketed.tickets.map((t) => [t.paxId, t.segmentIndex])).toEqual(paxIds.flatMap((p) => [0, 1, 2].map((i) => [p, i])));
    const prefix = accountingCodeOf(offer.airline);
    const numbers = ticketed.tickets.map((t) => t.ticketNumber);
    expect(numbers.filter((n) => !new RegExp(`^${prefix}2\\d{9}$`).test(n))).toEqual([]);
    expect(new Set(numbers).size).toBe(12);
    // Ticketed once: later looks and a retried reserve answer the same tickets.
    clock.advance(60_000);
    expect(await airline.findReservation("bk_family")).toEqual(ticketed);
    expect(await airline.reserve(reservationOf("bk_family", offer.key, FAMILY))).toEqual(ticketed);
  });

  it("issues the same PNR and ticket numbers for the same reference in a fresh airline", async () => {
    const ticketedIn = async () => {
      const { airline, clock } = sandboxAt();
      const pax = { adult: 1, child: 1, infant: 0 };
      const offer = await offerOn(airline, { ...BLR_CCU, pax }, (o) => o.airline === "AI");
      await airline.reserve(reservationOf("bk_again", offer.key, pax));
      clock.advance(2_000);
      return airline.findReservation("bk_again");
    };
    const first = await ticketedIn();
    expect(first?.tickets[0]?.ticketNumber).toMatch(/^0982\d{9}$/);
    expect(await ticketedIn()).toEqual(first);
  });

  it("waits as long as the airline is told to", async () => {
    for (const delay of [0, 30_000]) {
      const { airline, clock } = sandboxAt(undefined, delay);
      const offer = await offerOn(airline, BLR_CCU, () => true);
      await airline.reserve(reservationOf("bk_delay", offer.key));
      clock.advance(Math.max(0, delay - 1));
      expect((await airline.findReservation("bk_delay"))?.status).toBe(delay === 0 ? "TICKETED" : "HELD");
      clock.advance(1);
      expect((await airline.findReservation("bk_delay"))?.status).toBe("TICKETED");
    }
    expect(() => sandboxAt(undefined, -1)).toThrow(RangeError);
  });

  it("fails to ticket a ticketing-failure flight (9501) and frees its seats, exactly once", async () => {
    const { airline, clock } = sandboxAt();
    const offer = await offerOn(airline, BLR_HYD, (o) => o.segments[0]!.flightNo === "9501");
    const before = await firstMap(airline, offer.key);
    const [seat] = freeSeats(before);
    await airline.reserve(reservationOf("bk_fail", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]));
    clock.advance(2_000);
    const failed = (await airline.findReservation("bk_fail"))!;
    expect(failed).toMatchObject({ status: "TICKETING_FAILED", tickets: [] });
    expect(failed.failureReason).toContain("6E9501");
    expect(await firstMap(airline, offer.key)).toEqual(before);
    // The seat is sold again; cancelling the failed reservation does not free it a second time.
    await airline.reserve(reservationOf("bk_next", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]));
    await airline.cancelReservation("bk_fail");
    expect(await airline.findReservation("bk_fail")).toMatchObject({ status: "CANCELLED", failureReason: failed.failureReason });
    expect(freeSeats(await firstMap(airline, offer.key))).not.toContain(seat);
  });

  it("fails a round trip whose return is a ticketing-failure flight (9502)", async () => {
    const { airline, clock } = sandboxAt();
    const query = { ...BLR_HYD, returnDate: "2026-12-03" };
    const offer = await offerOn(airline, query, (o) => o.segments.at(-1)!.flightNo === "9502" && o.segments[0]!.flightNo !== "9501");
    await airline.reserve(reservationOf("bk_rt_fail", offer.key));
    clock.advance(2_000);
    expect((await airline.findReservation("bk_rt_fail"))?.failureReason).toContain("6E9502");
  });

  it("never tickets a reservation cancelled before the delay, and frees its seats", async () => {
    const { airline, clock } = sandboxAt();
    const offer = await offerOn(airline, BLR_CCU, (o) => o.segments.length === 1);
    const before = await firstMap(airline, offer.key);
    const [seat] = freeSeats(before);
    const held = await airline.reserve(reservationOf("bk_cancel", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]));
    clock.advance(1_999);
    await airline.cancelReservation("bk_cancel");
    clock.advance(3_600_000);
    expect(await airline.findReservation("bk_cancel")).toEqual({ ...held, status: "CANCELLED" });
    expect(await firstMap(airline, offer.key)).toEqual(before);
  });

  it("cancels a reservation already due as ticketed: it keeps its tickets and frees its seats", async () => {
    const { airline, clock } = sandboxAt();
    const offer = await offerOn(airline, BLR_CCU, (o) => o.segments.length === 1);
    const before = await firstMap(airline, offer.key);
    const [seat] = freeSeats(before);
    await airline.reserve(reservationOf("bk_late", offer.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]));
    clock.advance(2_000);
    await airline.cancelReservation("bk_late");
    const cancelled = (await airline.findReservation("bk_late"))!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.tickets).toHaveLength(1);
    expect(await firstMap(airline, offer.key)).toEqual(before);
  });
});
