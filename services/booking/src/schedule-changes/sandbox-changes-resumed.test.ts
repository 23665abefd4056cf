import { createSandboxAirline } from "@tarmac/airline";
import { MemoryOutbox } from "@tarmac/events";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { MemoryScheduleChangeStore } from "./memory-schedule-change-store.js";
import { startScheduleChangeConsumer, type ScheduleChangeConsumer } from "./schedule-change-consumer.js";

const MINUTE = 60_000;
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 10 });

/** The sandbox airline's own feed, watched by booking, stopped and started again over the same stores. */
describe("airline changes made while booking is stopped", () => {
  const running: ScheduleChangeConsumer[] = [];
  afterEach(async () => {
    for (const consumer of running.splice(0)) await consumer.stop();
  });

  it("are handled when it starts again, each once, the earlier ones not again", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const airline = createSandboxAirline({ clock, ticketingDelayMs: 1_000, watchPollMs: 5 });
    const outbox = new MemoryOutbox();
    const bookings = new MemoryBookingStore(outbox);
    const changes = new MemoryScheduleChangeStore(outbox);
    const offers = await airline.searchFlights({
      origin: "BLR",
      dest: "HYD",
      departureDate: "2026-12-01",
      pax: { adult: 1, child: 0, infant: 0 },
    });
    const book = async (flightNo: string) => {
      const offer = offers.find((o) => o.segments.length === 1 && o.segments[0]!.flightNo === flightNo)!;
      const booking = bookingFixture({ status: "TICKETED", segments: offer.segments });
      const contact = { email: "agent@example.com", phone: "+919800000000" };
      const passengers = [
        {
          paxId: "ADT1",
          type: "ADT" as const,
          title: "MR",
          firstName: "Arjun",
          lastName: "Mehta",
          gender: "M",
          dob: "1990-01-01",
          nationality: "IN",
        },
      ];
      const reservation = await airline.reserve({ clientReference: booking.bookingId, key: offer.key, passengers, seats: [], contact });
      await bookings.create({ ...booking, pnr: reservation.pnr }, []);
      return booking.bookingId;
    };
    const watchedAfter: (string | undefined)[] = [];
    const start = () => {
      const consumer = startScheduleChangeConsumer({
        changes,
        bookings,
        provider: {
          watchReservationChanges: (watch) => {
            watchedAfter.push(watch?.after);
            return airline.watchReservationChanges(watch);
          },
        },
        clock,
        logger: silentLogger(),
        retryMs: 10,
        reservationDropped: () => Promise.resolve(),
        holdDropped: () => Promise.resolve(),
      });
      running.push(consumer);
      return consumer;
    };
    const kinds = async () => (await changes.list({ agentId: "agt_one", limit: 10 })).map((c) => `${c.bookingId}:${c.kind}`).sort();

    const retimed = await book("9001");
    const first = start();
    clock.advance(11 * MINUTE);
    await eventually(async () => expect(await kinds()).toEqual([`${retimed}:TIME_CHANGE`]));
    const cursor = await changes.cursor();
    await first.stop();

    // While booking is stopped the airline cancels another booking's flight.
    const cancelled = await book("9021");
    clock.advance(11 * MINUTE);
    await airline.findReservation(cancelled);
    expect(await kinds()).toEqual([`${retimed}:TIME_CHANGE`]);

    start();
    await eventually(async () => expect(await kinds()).toEqual([`${retimed}:TIME_CHANGE`, `${cancelled}:FLIGHT_CANCELLED`].sort()));
    await eventually(async () => expect(await changes.cursor()).not.toBe(cursor));
    // It resumed after the change it had stored, not from the start of the airline's feed.
    expect(watchedAfter).toEqual([undefined, cursor]);
    expect((await outbox.pending(100)).filter((e) => e.type === "schedule_change.detected")).toHaveLength(2);
  });
});
