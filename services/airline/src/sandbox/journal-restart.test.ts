import { failureOf, ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import type { FlightQuery } from "@tarmac/airline-port";
import { openSandboxAirline } from "./sandbox-airline.js";
import { MemoryReservationJournal } from "./store/memory-reservation-journal.js";
import type { ReservationJournal } from "./store/reservation-journal.js";
import { freeSeats, ONE_ADULT, reservationOf } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };
const NOW = "2026-11-22T06:00:00Z";

async function airlineOn(journal: ReservationJournal, clock = new ManualClock(NOW)) {
  const airline = await openSandboxAirline({ clock, journal, ticketingDelayMs: 2_000 });
  const offer = (await airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
  const free = async () => freeSeats((await airline.seatMap(offer.key)).segments[0]!);
  return { airline, offer, free, clock };
}

describe("the sandbox airline on a journal (its own process)", () => {
  it("keeps a hold on a restart: still held on its terms, not ticketed by the clock, ticketed when ordered", async () => {
    const journal = new MemoryReservationJournal();
    const first = await airlineOn(journal);
    const ai = (await first.airline.searchFlights(BLR_CCU)).find((o) => o.airline === "AI" && o.hold !== undefined)!;
    const held = await first.airline.reserve({ ...reservationOf("bk_hold", ai.key), hold: true });
    const second = await airlineOn(journal, new ManualClock(first.clock.now()));
    second.clock.advance(60_000);
    expect(await second.airline.findReservation("bk_hold")).toEqual(held);
    const fare = await second.airline.priceHold("bk_hold");
    expect((await second.airline.ticketHold({ clientReference: "bk_hold", ...fare })).hold).toBeUndefined();
    second.clock.advance(2_000);
    expect((await second.airline.findReservation("bk_hold"))?.status).toBe("TICKETED");
  });

  it("forgets nothing on a restart: reservations, tickets, changes, taken and released seats, PNRs", async () => {
    const journal = new MemoryReservationJournal();
    const first = await airlineOn(journal);
    const [kept, cancelled, moved, after] = await first.free();
    const seat = (s: string | undefined) => [{ paxId: "ADT1", segmentIndex: 0, seat: s! }];
    const ticketed = await first.airline.reserve(reservationOf("bk_kept", first.offer.key, ONE_ADULT, seat(kept)));
    await first.airline.reserve(reservationOf("bk_cancelled", first.offer.key, ONE_ADULT, seat(cancelled)));
    await first.airline.cancelReservation("bk_cancelled");
    await first.airline.reserve(reservationOf("bk_moved", first.offer.key, ONE_ADULT, seat(moved)));
    await first.airline.changeReservation({
      clientReference: "bk_moved",
      changeReference: "rsq_1",
      key: first.offer.key,
      seats: seat(after),
    });
    first.clock.advance(2_000);
    const asTicketed = await first.airline.findReservation("bk_kept");
    expect(asTicketed).toMatchObject({ pnr: ticketed.pnr, status: "TICKETED" });

    const second = await airlineOn(journal, new ManualClock(first.clock.now()));
    expect(await second.airline.findReservation("bk_kept")).toEqual(asTicketed);
    expect(await second.airline.findReservation("bk_cancelled")).toMatchObject({ status: "CANCELLED" });
    expect(await second.airline.findReservation("bk_moved")).toMatchObject({ changeReferences: ["rsq_1"] });
    const free = await second.free();
    expect(free).toContain(cancelled);
    expect(free).toContain(moved);
    expect(free).not.toContain(kept);
    expect(free).not.toContain(after);
    // A change retried after the restart is the change already made; its seat stays taken.
    const retried = await second.airline.changeReservation({ clientReference: "bk_moved", changeReference: "rsq_1", key: "x", seats: [] });
    expect(retried.changeReferences).toEqual(["rsq_1"]);
    const clash = await failureOf(second.airline.reserve(reservationOf("bk_late", second.offer.key, ONE_ADULT, seat(after))));
    expect(clash.code).toBe("BOOKING_SEAT_UNAVAILABLE");
    const pnrs = (await journal.loadAll()).map((r) => r.pnr);
    expect(new Set(pnrs).size).toBe(pnrs.length);
  });

  it("answers PROVIDER_UNAVAILABLE when the journal cannot write, and the same request retried makes it durable", async () => {
    const journal = new MemoryReservationJournal();
    let failing = true;
    const flaky: ReservationJournal = {
      loadAll: () => journal.loadAll(),
      save: (record) => (failing ? Promise.reject(new Error("primary stepped down")) : journal.save(record)),
    };
    const { airline, offer } = await airlineOn(flaky);
    const request = reservationOf("bk_flaky", offer.key);
    const refused = await failureOf(airline.reserve(request));
    expect(refused).toMatchObject({ code: "PROVIDER_UNAVAILABLE", provider: { code: "RESERVATION_STORE_UNAVAILABLE" } });
    expect(await journal.loadAll()).toEqual([]);
    failing = false;
    const held = await airline.reserve(request);
    expect((await journal.loadAll()).map((r) => [r.clientReference, r.pnr])).toEqual([["bk_flaky", held.pnr]]);
  });
});
