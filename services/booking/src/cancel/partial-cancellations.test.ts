import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  ListRefundsRequestSchema,
  PassengerType,
  QuoteCancellationRequestSchema,
  ReasonCode,
  RefundStatus,
  TicketStatus,
  Title,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { fromConnectError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { REFUND_POLL_MS } from "../refunds/refund-follower.js";
import {
  adult,
  AGENT,
  bookingHarness,
  createRequest,
  type BookingHarness,
  type BookingHarnessOptions,
} from "../testing/booking-harness.js";
import { crashAfter, crashBefore } from "../testing/decorate-once.js";
import { handlerContext } from "../testing/service-calls.js";

const infant = adult(1, { id: "INF1", type: PassengerType.INF, title: Title.MSTR, dob: "2026-03-01" });
const voluntary = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

/** Two adults and ADT1's infant, booked and ticketed. */
async function family(options: BookingHarnessOptions = {}): Promise<{ h: BookingHarness; bookingId: string }> {
  const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 1 }, ...options });
  const request = createRequest({ passengers: [adult(1), adult(2, { firstName: "Meera" }), infant] });
  const { bookingId } = await h.service.createBooking(request, handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return { h, bookingId };
}

async function cancel(h: BookingHarness, bookingId: string, passengerIds: string[], key?: string, terms = voluntary) {
  const fields = { agentId: AGENT, bookingId, ...terms, passengerIds };
  const quote = await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
  const confirmed = await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: key ?? "" }));
  return { quote, confirmed };
}

describe("partial cancellation", () => {
  it("cancels one passenger, then another, then the rest: the wallet gets exactly the refunds; the airline keeps what remains", async () => {
    const { h, bookingId } = await family();
    const before = h.wallet.balance;
    const first = await cancel(h, bookingId, ["ADT2"], "cx-1");
    expect(first.quote.staysBooked.map((p) => p.paxId)).toEqual(["ADT1", "INF1"]);
    expect(first.confirmed).toMatchObject({ refundStatus: RefundStatus.REFUNDED, refundAmountPaise: first.quote.refundAmountPaise });
    let booking = (await h.store.get(bookingId))!;
    expect(booking.status).toBe("TICKETED");
    expect(h.airline.reservations.get(bookingId)!.cancelledCoupons).toEqual([{ paxId: "ADT2", segmentIndex: 0 }]);

    const second = await cancel(h, bookingId, ["INF1"], "cx-2");
    expect(h.airline.reservations.get(bookingId)!.status).toBe("TICKETED");
    expect(h.airline.reservations.get(bookingId)!.cancelledCoupons).toHaveLength(2);
    const view = (await h.service.getBooking({ agentId: AGENT, bookingId } as never)).booking!;
    expect(view.bookedParts.map((p) => [p.paxId, p.direction])).toEqual([["ADT1", Direction.OUTBOUND]]);
    expect(view.cancellations.map((c) => c.passengerIds)).toEqual([["ADT2"], ["INF1"]]);
    expect(view.refunds.map((r) => r.status)).toEqual([RefundStatus.REFUNDED, RefundStatus.REFUNDED]);

    const rest = await cancel(h, bookingId, [], "cx-3");
    booking = (await h.store.get(bookingId))!;
    expect(booking.status).toBe("REFUNDED");
    expect(h.airline.reservations.get(bookingId)!.status).toBe("CANCELLED");
    const refunds = [first, second, rest].map((c) => Number(c.confirmed.refundAmountPaise));
    expect(h.wallet.balance - before).toBe(refunds.reduce((a, b) => a + b, 0));
    expect(h.wallet.credits.size).toBe(3);
    expect(refunds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(booking.debitPaise);
    const tickets = (await h.service.getBooking({ agentId: AGENT, bookingId } as never)).booking!.ticketNumbers;
    expect(tickets.map((t) => t.status)).toEqual([TicketStatus.CANCELLED]);
    const types = (await h.outbox.pending(100)).map((e) => e.type);
    expect(types.filter((t) => t === "booking.partially_cancelled")).toHaveLength(2);
    expect(types.filter((t) => t === "booking.refund_refunded")).toHaveLength(3);
  });

  it("refuses to cancel an adult without its lap infant, before the airline is asked", async () => {
    const { h, bookingId } = await family();
    const failure = await h.service
      .quoteCancellation(create(QuoteCancellationRequestSchema, { agentId: AGENT, bookingId, ...voluntary, passengerIds: ["ADT1"] }))
      .catch((e: unknown) => fromConnectError(e));
    expect(failure).toMatchObject({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: "passenger_ids" })] });
    expect(h.airline.couponCalls).toHaveLength(0);
  });

  it("30 concurrent confirms of the same partial quote: one airline cancellation, one refund", async () => {
    const { h, bookingId } = await family();
    const fields = { agentId: AGENT, bookingId, ...voluntary, passengerIds: ["ADT2"] };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, fields))),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect(fromConnectError(a.reason).code).toBe("BOOKING_INVALID_STATE");
    expect(h.airline.couponCalls).toHaveLength(1);
    expect(h.wallet.credits.size).toBe(1);
    expect((await h.store.get(bookingId))!.refunds).toHaveLength(1);
  });

  it("the same 30 confirms under one key answer the same cancellation, refunding once", async () => {
    const { h, bookingId } = await family();
    const fields = { agentId: AGENT, bookingId, ...voluntary, passengerIds: ["ADT2"] };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "k" })),
      ),
    );
    for (const a of answers) if (a.status === "rejected") expect(fromConnectError(a.reason).code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    const again = await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "k" }));
    expect(again.replayed).toBe(true);
    const refundIds = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.refundId] : []));
    expect(new Set([...refundIds, again.refundId]).size).toBe(1);
    expect(h.wallet.credits.size).toBe(1);
  });
});

describe("refund tracking", () => {
  it("follows a delayed refund through the sweep: PROCESSING, then REFUNDED and credited once", async () => {
    const { h, bookingId } = await family();
    h.airline.refundOutcome = "PROCESSING";
    const { confirmed } = await cancel(h, bookingId, ["ADT2"]);
    expect(confirmed.refundStatus).toBe(RefundStatus.PROCESSING);
    expect(h.wallet.credits.size).toBe(0);
    await h.ticketing.run();
    expect(h.airline.refundCalls).toHaveLength(1);
    h.airline.refundOutcome = "REFUNDED";
    h.clock.advance(REFUND_POLL_MS + 1_000);
    await Promise.all([h.ticketing.run(), h.replica().ticketing.run()]);
    await h.ticketing.run();
    const booking = (await h.store.get(bookingId))!;
    expect(booking.refunds!.map((r) => r.status)).toEqual(["REFUNDED"]);
    expect(booking.refunds![0]!.history.map((c) => c.status)).toEqual(["REQUESTED", "PROCESSING", "REFUNDED"]);
    // The refund's progress is in its own history; the booking's status history is status changes and the partial cancellation.
    expect(booking.statusHistory.filter((c) => /refund/i.test(c.reason))).toEqual([]);
    expect([...h.wallet.credits.values()]).toEqual([Number(confirmed.refundAmountPaise)]);
    const types = (await h.outbox.pending(100)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["booking.refund_requested", "booking.refund_processing", "booking.refund_refunded"]));
  });

  it("keeps a rejected refund REJECTED with nothing credited; a whole cancellation stays CANCELLED", async () => {
    const { h, bookingId } = await family();
    h.airline.refundOutcome = "REJECTED";
    const { confirmed } = await cancel(h, bookingId, []);
    expect(confirmed.refundStatus).toBe(RefundStatus.REJECTED);
    h.clock.advance(10 * 60_000);
    await h.recovery.run();
    await h.ticketing.run();
    const booking = (await h.store.get(bookingId))!;
    expect(booking.status).toBe("CANCELLED");
    expect(booking.refunds![0]).toMatchObject({ status: "REJECTED", rejectionReason: "not refundable" });
    expect(h.wallet.credits.size).toBe(0);
    expect(h.airline.refundCalls).toHaveLength(1);
    const listed = await h.service.listRefunds(create(ListRefundsRequestSchema, { agentId: AGENT, status: RefundStatus.REJECTED }));
    expect(listed.refunds.map((r) => r.bookingId)).toEqual([bookingId]);
  });

  it.each([
    [
      "before the credit",
      (w: Parameters<NonNullable<BookingHarnessOptions["decorate"]>>[0]) => ({ ...w, wallet: crashBefore(w.wallet, "credit") }),
    ],
    [
      "after the credit",
      (w: Parameters<NonNullable<BookingHarnessOptions["decorate"]>>[0]) => ({ ...w, wallet: crashAfter(w.wallet, "credit") }),
    ],
  ])("settles a crash between the airline's REFUNDED and the stored refund (%s) exactly once", async (_when, decorate) => {
    const { h, bookingId } = await family({ decorate });
    await expect(cancel(h, bookingId, ["ADT2"])).rejects.toThrow("crash");
    expect((await h.store.get(bookingId))!.refunds!.map((r) => r.status)).toEqual(["REQUESTED"]);
    h.clock.advance(1_000);
    await Promise.all([h.ticketing.run(), h.replica().ticketing.run()]);
    await h.ticketing.run();
    const booking = (await h.store.get(bookingId))!;
    expect(booking.refunds!.map((r) => r.status)).toEqual(["REFUNDED"]);
    expect(h.wallet.credits.size).toBe(1);
    expect([...h.wallet.credits.values()]).toEqual([booking.refunds![0]!.amountPaise]);
  });
});
