import { CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { fromConnectError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { QUOTE_VALIDITY_MS } from "../domain/quotes.js";
import { AGENT, bookingHarness, createRequest, NET_FARE, OTA_FEE } from "../testing/booking-harness.js";
import { crashes } from "../testing/crash-points.js";
import { booked, handlerContext } from "../testing/service-calls.js";
import { failureOf } from "@tarmac/kernel/testing";

const terms = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

describe("cancellation", () => {
  it("quotes, confirms, cancels with the airline and refunds: CANCELLED then REFUNDED", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    const before = h.wallet.balance;
    const quote = await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    // 9 days out: the 72 h+ band, 1,500.00 for the one passenger.
    expect(quote.airlinePenaltyPaise).toBe(150_000n);
    expect(quote.refundAmountPaise).toBe(BigInt(NET_FARE - 150_000 - OTA_FEE));
    const confirmed = await h.service.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never);
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
    const confirm = (t = terms) => h.service.confirmCancellation({ agentId: AGENT, bookingId, ...t } as never);
    expect((await failureOf(confirm())).code).toBe("BOOKING_QUOTE_EXPIRED");
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const other = await failureOf(confirm({ ...terms, cancellationType: CancellationType.INVOLUNTARY }));
    expect([other.code, other.status]).toEqual(["BOOKING_QUOTE_EXPIRED", 409]);
    h.clock.advance(QUOTE_VALIDITY_MS);
    expect((await failureOf(confirm())).code).toBe("BOOKING_QUOTE_EXPIRED");
    expect((await h.store.get(bookingId))!.status).toBe("BOOKED");
  });

  it("refuses FAILED, REFUNDED and FLOWN bookings with BOOKING_INVALID_STATE", async () => {
    const poor = bookingHarness({ balance: 1 });
    await failureOf(poor.service.createBooking(createRequest(), handlerContext()));
    const [failed] = await poor.store.listByStatus("FAILED", new Date("2030-01-01"), 1);
    const h = bookingHarness();
    const refunded = await booked(h);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId: refunded, ...terms } as never);
    await h.service.confirmCancellation({ agentId: AGENT, bookingId: refunded, ...terms } as never);
    const flown = await booked(h);
    h.airline.ticket(flown, "TICKETED");
    h.clock.set("2026-12-02T00:00:00Z");
    await h.ticketing.run();
    await h.ticketing.run();
    for (const [harness, bookingId, status] of [
      [poor, failed!.bookingId, "FAILED"],
      [h, refunded, "REFUNDED"],
      [h, flown, "FLOWN"],
    ] as const) {
      const failure = await failureOf(harness.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never));
      expect([failure.code, failure.status]).toEqual(["BOOKING_INVALID_STATE", 409]);
      expect(failure.message).toContain(status);
    }
  });

  it("finishes a crash between CANCELLED and the refund with exactly one refund", async () => {
    const h = bookingHarness({ decorate: crashes.beforeRefund });
    const bookingId = await booked(h);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    await expect(h.service.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never)).rejects.toThrow("crash");
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
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => h.service.confirmCancellation({ agentId: AGENT, bookingId, ...terms } as never)),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect(fromConnectError(a.reason).code).toBe("BOOKING_INVALID_STATE");
    expect(h.wallet.credits.size).toBe(1);
  });
});
