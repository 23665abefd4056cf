import { create } from "@bufbuild/protobuf";
import { createHandlerContext } from "@connectrpc/connect";
import { DomainError, fromConnectError, newId } from "@tarmac/kernel";
import { BookingService, CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Cabin, Direction, OfferSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { describe, expect, it } from "vitest";
import { QUOTE_VALIDITY_MS } from "./domain/quotes.js";
import type { BookingDependencies } from "./server.js";
import { AGENT, bookingHarness, createRequest, NET_FARE, OTA_FEE, type BookingHarness } from "./testing/booking-harness.js";
import { crashBefore } from "./testing/decorate-once.js";

/** The process dies between CANCELLED and the refund: the credit never leaves. */
const crashBeforeRefund = { decorate: (wired: BookingDependencies) => ({ ...wired, wallet: crashBefore(wired.wallet, "credit") }) };

const context = () =>
  createHandlerContext({ service: BookingService, method: BookingService.method.createBooking, protocolName: "test", requestMethod: "POST", url: "http://t/x" });

async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    return error instanceof DomainError ? error : fromConnectError(error);
  }
  throw new Error("expected the call to fail");
}

const terms = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

async function booked(h: BookingHarness): Promise<string> {
  return (await h.service.createBooking(createRequest(), context())).bookingId;
}

describe("cancellation", () => {
  it("quotes, confirms, cancels with the airline and refunds: CANCELLED then REFUNDED", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    const before = h.wallet.balance;
    const quote = await h.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    // 9 days out: the 72 h+ band, 1,500.00 for the one passenger.
    expect(quote.airlinePenaltyPaise).toBe(150_000n);
    expect(quote.refundAmountPaise).toBe(BigInt(NET_FARE - 150_000 - OTA_FEE));
    const confirmed = await h.changes.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    expect(confirmed.refundAmountPaise).toBe(quote.refundAmountPaise);
    const booking = (await h.store.get(bookingId))!;
    expect(booking.statusHistory.map((c) => c.status)).toEqual(["PENDING", "BOOKED", "CANCELLED", "REFUNDED"]);
    expect(booking.cancellation).toMatchObject({ cancellationType: "VOLUNTARY", refundAmountPaise: NET_FARE - 150_000 - OTA_FEE });
    expect(h.wallet.balance).toBe(before + NET_FARE - 150_000 - OTA_FEE);
    expect([...h.wallet.credits.keys()]).toEqual([bookingId]);
    expect(h.airline.reservations.get(bookingId)!.status).toBe("CANCELLED");
    expect((await h.outbox.pending(20)).map((e) => e.type)).toEqual(expect.arrayContaining(["booking.cancelled", "booking.refunded"]));
  });

  it("refuses a confirm without a quote, with other fields, or after the 10 minutes", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    const confirm = (t = terms) => h.changes.confirmCancellation({ agentId: AGENT, bookingId, ...t } as never);
    expect((await failureOf(confirm())).code).toBe("BOOKING_QUOTE_EXPIRED");
    await h.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const other = await failureOf(confirm({ ...terms, cancellationType: CancellationType.INVOLUNTARY }));
    expect([other.code, other.status]).toEqual(["BOOKING_QUOTE_EXPIRED", 409]);
    h.clock.advance(QUOTE_VALIDITY_MS);
    expect((await failureOf(confirm())).code).toBe("BOOKING_QUOTE_EXPIRED");
    expect((await h.store.get(bookingId))!.status).toBe("BOOKED");
  });

  it("refuses FAILED, REFUNDED and FLOWN bookings with BOOKING_INVALID_STATE", async () => {
    const poor = bookingHarness({ balance: 1 });
    await failureOf(poor.service.createBooking(createRequest(), context()));
    const [failed] = await poor.store.listByStatus("FAILED", new Date("2030-01-01"), 1);
    const h = bookingHarness();
    const refunded = await booked(h);
    await h.changes.quoteCancellation({ agentId: AGENT, bookingId: refunded, ...terms } as never);
    await h.changes.confirmCancellation({ agentId: AGENT, bookingId: refunded, ...terms } as never);
    const flown = await booked(h);
    h.airline.ticket(flown, "TICKETED");
    h.clock.set("2026-12-02T00:00:00Z");
    await h.ticketing.run();
    await h.ticketing.run();
    for (const [harness, bookingId, status] of [[poor, failed!.bookingId, "FAILED"], [h, refunded, "REFUNDED"], [h, flown, "FLOWN"]] as const) {
      const failure = await failureOf(harness.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never));
      expect([failure.code, failure.status]).toEqual(["BOOKING_INVALID_STATE", 409]);
      expect(failure.message).toContain(status);
    }
  });

  it("finishes a crash between CANCELLED and the refund with exactly one refund", async () => {
    const h = bookingHarness(crashBeforeRefund);
    const bookingId = await booked(h);
    await h.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    await expect(h.changes.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never)).rejects.toThrow("crash");
    expect((await h.store.get(bookingId))!.status).toBe("CANCELLED");
    h.clock.advance(3_000);
    await Promise.all([h.recovery.run(), h.recovery.run()]);
    await h.recovery.run();
    expect((await h.store.get(bookingId))!.status).toBe("REFUNDED");
    expect([...h.wallet.credits.values()]).toEqual([NET_FARE - 150_000 - OTA_FEE]);
  });

  it("refunds once when 30 confirms race", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    await h.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const answers = await Promise.allSettled(Array.from({ length: 30 }, () => h.changes.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never)));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect(fromConnectError(a.reason).code).toBe("BOOKING_INVALID_STATE");
    expect(h.wallet.credits.size).toBe(1);
  });
});

describe("reschedule", () => {
  function newOffer(h: BookingHarness, netFare: number) {
    const offerId = newId("off");
    h.newOffers.set(
      offerId,
      create(OfferSchema, {
        offerId,
        searchId: newId("srch"),
        provider: "SANDBOX",
        currency: "INR",
        airline: "AI",
        bestPricePaise: BigInt(netFare + 40_000),
        pricingBreakdown: { baseFare: 700_000n, taxes: 150_000n, commission: 20_000n, otaMarkup: 30_000n, agentMarkup: 40_000n, netFare: BigInt(netFare), finalPrice: BigInt(netFare + 40_000) },
        fareRules: { refundable: false, cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 300_000n }], changeFees: [], taxesRefundable: true },
        segments: [{ carrier: "AI", flightNo: "105", origin: "DEL", dest: "BOM", depTime: "2026-12-02T09:00:00+05:30", arrTime: "2026-12-02T11:10:00+05:30", cabin: Cabin.ECONOMY, direction: Direction.OUTBOUND, bookingClass: "Y", aircraft: "320", durationMinutes: 130 }],
      }),
    );
    return offerId;
  }

  it("quotes and confirms a change: the difference and fees debited, itinerary replaced, status kept, ticket reissued", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    h.airline.ticket(bookingId, "TICKETED");
    await h.ticketing.run();
    const oldTickets = (await h.store.get(bookingId))!.ticketNumbers;
    const offerId = newOffer(h, NET_FARE + 100_000);
    const quote = await h.changes.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: offerId, reasonCode: ReasonCode.SCHEDULE_CHANGE } as never);
    expect([quote.fareDifferencePaise, quote.airlineChangeFeePaise, quote.otaFeePaise, quote.totalPayablePaise]).toEqual([100_000n, 100_000n, BigInt(OTA_FEE), BigInt(200_000 + OTA_FEE)]);
    const balance = h.wallet.balance;
    const confirmed = await h.changes.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect([confirmed.fareDifferencePaise, confirmed.changePenaltyPaise, confirmed.newTotalPaise]).toEqual([100_000n, BigInt(100_000 + OTA_FEE), BigInt(NET_FARE + 140_000)]);
    expect(h.wallet.balance).toBe(balance - 200_000 - OTA_FEE);
    const booking = (await h.store.get(bookingId))!;
    expect([booking.status, booking.segments[0]!.flightNo, booking.offerId, booking.debitPaise]).toEqual(["TICKETED", "105", offerId, NET_FARE + 200_000 + OTA_FEE]);
    expect(booking.ticketNumbers[0]!.ticketNumber).not.toBe(oldTickets[0]!.ticketNumber);
    expect(booking.statusHistory.at(-1)).toMatchObject({ status: "TICKETED", reason: expect.stringContaining("rescheduled") });
    expect(h.airline.changes).toEqual([`KEY-${offerId}`]);
    expect((await h.outbox.pending(30)).map((e) => e.type)).toContain("booking.rescheduled");
  });

  it("answers 402 and leaves the booking unchanged when the wallet cannot pay", async () => {
    const h = bookingHarness({ balance: NET_FARE + 10_000 });
    const bookingId = await booked(h);
    const before = (await h.store.get(bookingId))!;
    await h.changes.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: newOffer(h, NET_FARE + 500_000), reasonCode: ReasonCode.OTHER } as never);
    const failure = await failureOf(h.changes.confirmReschedule({ agentId: AGENT, bookingId } as never));
    expect([failure.code, failure.status]).toEqual(["WALLET_INSUFFICIENT_FUNDS", 402]);
    const after = (await h.store.get(bookingId))!;
    expect([after.segments, after.status, after.debitPaise]).toEqual([before.segments, before.status, before.debitPaise]);
    expect(h.airline.changes).toEqual([]);
  });

  it("voids the hold and keeps the booking when the airline refuses the change", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    await h.changes.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: newOffer(h, NET_FARE), reasonCode: ReasonCode.OTHER } as never);
    h.airline.refuseWith = new DomainError("PROVIDER_SOLD_OUT", "gone", { provider: { name: "SANDBOX", code: "FARE_UNAVAILABLE", message: "x" } });
    const held = h.wallet.held;
    expect((await failureOf(h.changes.confirmReschedule({ agentId: AGENT, bookingId } as never))).code).toBe("PROVIDER_SOLD_OUT");
    expect(h.wallet.held).toBe(held);
    expect((await h.store.get(bookingId))!.segments[0]!.flightNo).toBe("101");
  });

  it("refuses to reschedule a CANCELLED or REFUNDED booking, and an unknown offer", async () => {
    // The crash leaves the booking CANCELLED, its refund still to come.
    const h = bookingHarness(crashBeforeRefund);
    const bookingId = await booked(h);
    const reschedule = () => h.changes.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: newOffer(h, 1), reasonCode: ReasonCode.OTHER } as never);
    expect((await failureOf(h.changes.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: "off_nope", reasonCode: ReasonCode.OTHER } as never))).code).toBe("SEARCH_OFFER_NOT_FOUND");
    await h.changes.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    await expect(h.changes.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never)).rejects.toThrow("crash");
    const cancelled = await failureOf(reschedule());
    expect([cancelled.code, cancelled.message]).toEqual(["BOOKING_INVALID_STATE", expect.stringContaining("CANCELLED")]);
    h.clock.advance(3_000);
    await h.recovery.run();
    expect((await failureOf(reschedule())).message).toContain("REFUNDED");
  });
});
