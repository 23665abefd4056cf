import { create } from "@bufbuild/protobuf";
import { failureOf } from "@tarmac/kernel/testing";
import { BookingStatus, Payment, TicketBookingRequestSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT, bookingHarness, createRequest, FINAL_PRICE, NET_FARE, type BookingHarness } from "../testing/booking-harness.js";
import type { BookingDependencies } from "../booking-wiring.js";
import { crashBefore, decorateOnce } from "../testing/decorate-once.js";
import { handlerContext as context } from "../testing/service-calls.js";

const HOUR = 3_600_000;

async function held(h: BookingHarness): Promise<string> {
  const res = await h.service.createBooking(createRequest({ payment: Payment.HOLD }), context());
  expect(res.status).toBe(BookingStatus.HELD);
  return res.bookingId;
}

const ticketRequest = (bookingId: string, more: Record<string, unknown> = {}) =>
  create(TicketBookingRequestSchema, { agentId: AGENT, bookingId, ...more });

const eventTypes = async (h: BookingHarness) => (await h.outbox.pending(100)).map((e) => e.type);

describe("holds", () => {
  it("holds without a debit, then tickets with one debit: BOOKED, then TICKETED", async () => {
    const h = bookingHarness();
    const res = await h.service.createBooking(createRequest({ payment: Payment.HOLD }), context());
    expect([res.status, res.pnr.length]).toEqual([BookingStatus.HELD, 6]);
    expect(res.hold?.ticketTimeLimit).toBeDefined();
    expect(h.wallet.calls).toEqual([]);
    expect(h.airline.reserveCalls[0]?.hold).toBe(true);

    const ticketed = await h.service.ticketBooking(ticketRequest(res.bookingId, { idempotencyKey: "t-1" }), context());
    expect([ticketed.status, ticketed.debitedPaise, ticketed.priceChange]).toEqual([BookingStatus.BOOKED, BigInt(NET_FARE), undefined]);
    expect(h.wallet.captured.map((c) => c.amount)).toEqual([NET_FARE]);
    h.airline.ticket(res.bookingId, "TICKETED");
    await h.ticketing.run();
    const stored = (await h.store.get(res.bookingId))!;
    expect(stored.statusHistory.map((c) => c.status)).toEqual(["PENDING", "HELD", "BOOKED", "TICKETED"]);
    // The tax invoice is issued (with its event) just before the TICKETED write it documents.
    expect(await eventTypes(h)).toEqual(["booking.pending", "booking.held", "booking.booked", "invoice.issued", "booking.ticketed"]);
    // A retry under the key answers the first call again; nothing more is debited.
    const again = await h.service.ticketBooking(ticketRequest(res.bookingId, { idempotencyKey: "t-1" }), context());
    expect([again.replayed, again.debitedPaise]).toEqual([true, BigInt(NET_FARE)]);
    expect(h.wallet.captured).toHaveLength(1);
  });

  it("refuses a fare the airline does not hold before storing anything", async () => {
    const h = bookingHarness({ holdAllowed: false });
    const failure = await failureOf(h.service.createBooking(createRequest({ payment: Payment.HOLD }), context()));
    expect([failure.code, failure.status]).toEqual(["BOOKING_HOLD_NOT_ALLOWED", 422]);
    expect(h.airline.reserveCalls).toEqual([]);
  });

  it("answers a changed price after the guarantee, takes it when accepted, refuses a stale amount", async () => {
    const h = bookingHarness();
    const id = await held(h);
    h.clock.advance(2 * HOUR);
    h.airline.holdFare = { baseFare: 770_000, taxes: 150_000 };
    const quoted = await h.service.ticketBooking(ticketRequest(id), context());
    expect(quoted.status).toBe(BookingStatus.HELD);
    expect(quoted.priceChange).toMatchObject({
      previousTotalPricePaise: BigInt(FINAL_PRICE),
      newTotalPricePaise: BigInt(FINAL_PRICE + 70_000),
      newDebitPaise: BigInt(NET_FARE + 70_000),
    });
    expect(h.wallet.calls).toEqual([]);
    const stale = await h.service.ticketBooking(
      ticketRequest(id, { acceptPriceChange: true, acceptedTotalPricePaise: BigInt(FINAL_PRICE) }),
      context(),
    );
    expect([stale.status, stale.priceChange?.newTotalPricePaise]).toEqual([BookingStatus.HELD, BigInt(FINAL_PRICE + 70_000)]);
    const paid = await h.service.ticketBooking(
      ticketRequest(id, { acceptPriceChange: true, acceptedTotalPricePaise: BigInt(FINAL_PRICE + 70_000) }),
      context(),
    );
    expect([paid.status, paid.totalPricePaise, paid.debitedPaise]).toEqual([
      BookingStatus.BOOKED,
      BigInt(FINAL_PRICE + 70_000),
      BigInt(NET_FARE + 70_000),
    ]);
    expect(h.wallet.captured.map((c) => c.amount)).toEqual([NET_FARE + 70_000]);
  });

  it("leaves the booking HELD on 402, and tickets it once the wallet can pay", async () => {
    const h = bookingHarness({ balance: NET_FARE - 1 });
    const id = await held(h);
    const failure = await failureOf(h.service.ticketBooking(ticketRequest(id), context()));
    expect([failure.code, failure.status]).toEqual(["WALLET_INSUFFICIENT_FUNDS", 402]);
    expect((await h.store.get(id))?.status).toBe("HELD");
    h.wallet.balance += 10;
    expect((await h.service.ticketBooking(ticketRequest(id), context())).status).toBe(BookingStatus.BOOKED);
  });

  it("takes one debit from 100 concurrent ticket calls with distinct keys", async () => {
    const h = bookingHarness();
    const id = await held(h);
    const calls = Array.from({ length: 100 }, (_, i) =>
      h.service.ticketBooking(ticketRequest(id, { idempotencyKey: `k-${i}` }), context()),
    );
    const outcomes = await Promise.allSettled(calls);
    const booked = outcomes.filter((o) => o.status === "fulfilled" && o.value.status === BookingStatus.BOOKED);
    expect(booked).toHaveLength(1);
    expect(h.wallet.captured).toHaveLength(1);
    expect(h.airline.ticketHoldCalls).toHaveLength(1);
  });

  it("takes one debit from 20 concurrent ticket calls with one key: the others replay it or are told it is running", async () => {
    const h = bookingHarness();
    const id = await held(h);
    const calls = Array.from({ length: 20 }, () => h.service.ticketBooking(ticketRequest(id, { idempotencyKey: "one" }), context()));
    const outcomes = await Promise.allSettled(calls);
    const answers = outcomes.map((o) =>
      o.status === "fulfilled" ? (o.value.replayed ? "replayed" : "BOOKED") : (o.reason as { code: string }).code,
    );
    expect(answers.filter((a) => a === "BOOKED")).toHaveLength(1);
    expect(answers.filter((a) => a !== "BOOKED" && a !== "replayed" && a !== "IDEMPOTENCY_REQUEST_IN_PROGRESS")).toEqual([]);
    expect(h.wallet.captured).toHaveLength(1);
    const replay = await h.service.ticketBooking(ticketRequest(id, { idempotencyKey: "one" }), context());
    expect([replay.replayed, replay.status, replay.debitedPaise]).toEqual([true, BookingStatus.BOOKED, BigInt(NET_FARE)]);
  });

  it("releases: the reservation is cancelled, RELEASED, nothing charged; again answers the same", async () => {
    const h = bookingHarness();
    const id = await held(h);
    const released = await h.service.releaseBooking({ agentId: AGENT, bookingId: id } as never);
    expect(released.booking?.status).toBe(BookingStatus.RELEASED);
    expect(h.airline.reservations.get(id)?.status).toBe("CANCELLED");
    expect((await h.service.releaseBooking({ agentId: AGENT, bookingId: id } as never)).booking?.status).toBe(BookingStatus.RELEASED);
    expect((await failureOf(h.service.ticketBooking(ticketRequest(id), context()))).code).toBe("BOOKING_INVALID_STATE");
    expect(h.wallet.calls).toEqual([]);
    expect(await eventTypes(h)).toEqual(["booking.pending", "booking.held", "booking.released"]);
  });

  it.each([["release", "ticket"] as const, ["ticket", "release"] as const])(
    "never cancels the airline's reservation of a hold a racing ticket call paid for (%s, then %s)",
    async (first, _then) => {
      let ordered = () => {};
      const ticketOrdered = new Promise<void>((resolve) => (ordered = resolve));
      const h = bookingHarness({
        decorate: (w) => {
          // The release's cancellation reaches the airline only after the ticketing order did (or 50 ms on).
          const late = decorateOnce(w.provider, "cancelReservation", async (call) => {
            await Promise.race([ticketOrdered, new Promise((resolve) => setTimeout(resolve, 50))]);
            return call();
          });
          const provider = decorateOnce(late, "ticketHold", async (call) => {
            const answer = await call();
            ordered();
            return answer;
          });
          return { ...w, provider };
        },
      });
      const id = await held(h);
      const release = () => h.service.releaseBooking({ agentId: AGENT, bookingId: id } as never);
      const ticket = () => h.service.ticketBooking(ticketRequest(id, { idempotencyKey: "race" }), context());
      await Promise.allSettled(first === "release" ? [release(), ticket()] : [ticket(), release()]);
      const booking = (await h.store.get(id))!;
      const reservation = h.airline.reservations.get(id)!.status;
      if (booking.status === "RELEASED") {
        expect([reservation, h.wallet.captured.length]).toEqual(["CANCELLED", 0]);
      } else {
        expect([booking.status, reservation === "CANCELLED", h.wallet.captured.length]).toEqual(["BOOKED", false, 1]);
      }
    },
  );

  it("gives notice 2 hours before the limit, then expires the hold at it (manual clock)", async () => {
    const h = bookingHarness();
    const id = await held(h);
    // The fake airline's limit is 72 hours after the harness's clock.
    h.clock.advance(69 * HOUR);
    await h.holdSweep.run();
    expect(await eventTypes(h)).toEqual(["booking.pending", "booking.held"]);
    h.clock.advance(HOUR + 1);
    await h.holdSweep.run();
    await h.holdSweep.run();
    expect((await eventTypes(h)).filter((t) => t === "booking.hold_expiring")).toHaveLength(1);
    h.clock.advance(2 * HOUR);
    await h.holdSweep.run();
    const expired = (await h.store.get(id))!;
    expect(expired.status).toBe("EXPIRED");
    expect(h.airline.reservations.get(id)?.status).toBe("CANCELLED");
    expect(h.wallet.calls).toEqual([]);
    expect((await eventTypes(h)).at(-1)).toBe("booking.expired");
  });

  it("gives notice once and expires once when three replicas run the hold sweep at the same time", async () => {
    const h = bookingHarness();
    const id = await held(h);
    const sweeps = [h.holdSweep, h.replica().holdSweep, h.replica().holdSweep];
    h.clock.advance(70 * HOUR + 1);
    await Promise.all(sweeps.map((s) => s.run()));
    await Promise.all(sweeps.map((s) => s.run()));
    expect((await eventTypes(h)).filter((t) => t === "booking.hold_expiring")).toHaveLength(1);
    h.clock.advance(2 * HOUR);
    await Promise.all(sweeps.map((s) => s.run()));
    await Promise.all(sweeps.map((s) => s.run()));
    // One notice (a HELD entry with its reason), one expiry.
    expect((await h.store.get(id))?.statusHistory.map((c) => c.status)).toEqual(["PENDING", "HELD", "HELD", "EXPIRED"]);
    expect(await eventTypes(h)).toEqual(["booking.pending", "booking.held", "booking.hold_expiring", "booking.expired"]);
    expect(h.airline.reservations.get(id)?.status).toBe("CANCELLED");
  });

  it("answers BOOKING_HOLD_EXPIRED and ends EXPIRED when the airline dropped the hold early", async () => {
    const h = bookingHarness();
    const id = await held(h);
    h.airline.dropHold(id);
    h.clock.advance(2 * HOUR);
    const failure = await failureOf(h.service.ticketBooking(ticketRequest(id), context()));
    expect([failure.code, failure.status]).toEqual(["BOOKING_HOLD_EXPIRED", 410]);
    expect((await h.store.get(id))?.status).toBe("EXPIRED");
    expect(h.wallet.calls).toEqual([]);
  });

  it("hides the hold from another agent: no read, ticket or release", async () => {
    const h = bookingHarness();
    const id = await held(h);
    const other = "agt_other";
    expect((await failureOf(h.service.ticketBooking(ticketRequest(id, { agentId: other }), context()))).code).toBe("BOOKING_NOT_FOUND");
    expect((await failureOf(h.service.releaseBooking({ agentId: other, bookingId: id } as never))).code).toBe("BOOKING_NOT_FOUND");
    expect((await failureOf(h.service.getBooking({ agentId: other, bookingId: id } as never))).code).toBe("BOOKING_NOT_FOUND");
    expect((await h.store.get(id))?.status).toBe("HELD");
  });

  it.each([
    [
      "before the airline was asked: no capture, HELD again",
      (w: BookingDependencies) => ({ ...w, provider: crashBefore(w.provider, "ticketHold") }),
      "HELD",
      0,
    ],
    [
      "after the airline answered, before the capture",
      (w: BookingDependencies) => ({ ...w, wallet: crashBefore(w.wallet, "capture") }),
      "BOOKED",
      1,
    ],
    [
      "after the capture, before the BOOKED write",
      (w: BookingDependencies) => ({ ...w, store: crashBefore(w.store, "update", (b) => b.status === "BOOKED") }),
      "BOOKED",
      1,
    ],
  ] as const)("settles a ticketing call a crash interrupted %s (one capture or none)", async (_when, decorate, status, captures) => {
    const h = bookingHarness({ decorate });
    const id = await held(h);
    await failureOf(h.service.ticketBooking(ticketRequest(id, { idempotencyKey: "crash-1" }), context())).catch(() => undefined);
    expect((await h.store.get(id))?.hold?.ticketing).toBeDefined();
    // Within the minute the mark is left alone (the call may still be running); then the sweep settles it.
    await h.holdSweep.run();
    expect((await h.store.get(id))?.hold?.ticketing).toBeDefined();
    h.clock.advance(61_000);
    await h.holdSweep.run();
    await h.holdSweep.run();
    const settled = (await h.store.get(id))!;
    expect([settled.status, settled.hold?.ticketing]).toEqual([status, undefined]);
    expect(h.wallet.captured).toHaveLength(captures);
    expect(h.wallet.held).toBe(0);
    if (status === "BOOKED") {
      // The key's retry answers what the sweep completed.
      const replay = await h.service.ticketBooking(ticketRequest(id, { idempotencyKey: "crash-1" }), context());
      expect([replay.replayed, replay.status]).toEqual([true, BookingStatus.BOOKED]);
    }
  });
});
