import { DomainError } from "@tarmac/kernel";
import { CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT, bookingHarness, NET_FARE, OTA_FEE } from "../testing/booking-harness.js";
import { crashes } from "../testing/crash-points.js";
import { crashAfter, crashBefore } from "../testing/decorate-once.js";
import { RESCHEDULE_REPAIR_AFTER_MS } from "../store/booking-store.js";
import { newOffer } from "../testing/new-offer.js";
import { booked } from "../testing/service-calls.js";
import { failureOf } from "@tarmac/kernel/testing";
import { confirmAddition, quoteAddition, ticketedBooking, tokenOf } from "../testing/addition-calls.js";

const cancellation = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

describe("reschedule", () => {
  it("quotes and confirms a change: the difference and fees debited, itinerary replaced, status kept, ticket reissued", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    h.airline.ticket(bookingId, "TICKETED");
    await h.ticketing.run();
    const oldTickets = (await h.store.get(bookingId))!.ticketNumbers;
    const offerId = newOffer(h, NET_FARE + 100_000);
    const quote = await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: offerId,
      reasonCode: ReasonCode.SCHEDULE_CHANGE,
    } as never);
    expect([quote.fareDifferencePaise, quote.airlineChangeFeePaise, quote.otaFeePaise, quote.totalPayablePaise]).toEqual([
      100_000n,
      100_000n,
      BigInt(OTA_FEE),
      BigInt(200_000 + OTA_FEE),
    ]);
    const balance = h.wallet.balance;
    const confirmed = await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect([confirmed.fareDifferencePaise, confirmed.changePenaltyPaise, confirmed.newTotalPaise]).toEqual([
      100_000n,
      BigInt(100_000 + OTA_FEE),
      BigInt(NET_FARE + 140_000),
    ]);
    expect(h.wallet.balance).toBe(balance - 200_000 - OTA_FEE);
    const booking = (await h.store.get(bookingId))!;
    expect([booking.status, booking.segments[0]!.flightNo, booking.offerId, booking.debitPaise]).toEqual([
      "TICKETED",
      "105",
      offerId,
      NET_FARE + 200_000 + OTA_FEE,
    ]);
    expect(booking.ticketNumbers[0]!.ticketNumber).not.toBe(oldTickets[0]!.ticketNumber);
    expect(booking.statusHistory.at(-1)).toMatchObject({ status: "TICKETED", reason: expect.stringContaining("rescheduled") });
    expect(h.airline.changes).toEqual([`KEY-${offerId}`]);
    expect((await h.outbox.pending(30)).map((e) => e.type)).toContain("booking.rescheduled");
  });

  it("keeps the change fee and the platform fee of a reschedule when the booking is cancelled afterwards", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    h.airline.ticket(bookingId, "TICKETED");
    await h.ticketing.run();
    await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE + 100_000),
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
    } as never);
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    const changed = (await h.store.get(bookingId))!;
    // Debited: the fare, its 1,000.00 difference, the airline's 1,000.00 change fee and the 250.00 platform fee.
    expect(changed.debitPaise).toBe(NET_FARE + 100_000 + 100_000 + OTA_FEE);
    const balance = h.wallet.balance;
    const quote = await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);
    // The new fare is non-refundable: its 7,000.00 base fare is the penalty. The fare and its
    // difference are refundable paid; the change fee and the reschedule's platform fee are not.
    expect([quote.airlinePenaltyPaise, quote.otaFeePaise]).toEqual([700_000n, BigInt(OTA_FEE)]);
    expect(quote.refundAmountPaise).toBe(BigInt(NET_FARE + 100_000 - 700_000 - OTA_FEE));
    expect(quote.items.map((i) => Number(i.paidPaise))).toEqual([NET_FARE + 100_000]);
    const confirmed = await h.service.confirmCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);
    expect(confirmed.refundAmountPaise).toBe(quote.refundAmountPaise);
    expect(h.wallet.balance).toBe(balance + NET_FARE + 100_000 - 700_000 - OTA_FEE);
  });

  describe("interrupted confirm, settled by the sweep", () => {
    async function interrupted(at: "afterChange" | "beforeChange") {
      const h = bookingHarness({
        decorate: (wired) => ({
          ...wired,
          provider:
            at === "afterChange" ? crashAfter(wired.provider, "changeReservation") : crashBefore(wired.provider, "changeReservation"),
        }),
      });
      const bookingId = await booked(h);
      h.airline.ticket(bookingId, "TICKETED");
      await h.ticketing.run();
      const offerId = newOffer(h, NET_FARE + 100_000);
      await h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: offerId, reasonCode: ReasonCode.SCHEDULE_CHANGE } as never);
      const balance = h.wallet.balance;
      await expect(h.service.confirmReschedule({ agentId: AGENT, bookingId } as never)).rejects.toThrow();
      // Left for the sweep: still on the old flight, the payment held, not taken.
      expect((await h.store.get(bookingId))!.segments[0]!.flightNo).toBe("101");
      expect(h.wallet.held).toBe(200_000 + OTA_FEE);
      // A sweep within the confirm's own time leaves it alone; one after it settles it.
      await h.ticketing.run();
      expect((await h.store.get(bookingId))!.pendingReschedule).toBeDefined();
      h.clock.advance(RESCHEDULE_REPAIR_AFTER_MS + 1);
      await h.ticketing.run();
      return { h, bookingId, offerId, balance, booking: (await h.store.get(bookingId))! };
    }

    it("finishes a reschedule the airline made: the new itinerary recorded, the payment taken once", async () => {
      const { h, offerId, balance, booking } = await interrupted("afterChange");
      expect([booking.status, booking.segments[0]!.flightNo, booking.offerId, booking.debitPaise]).toEqual([
        "TICKETED",
        "105",
        offerId,
        NET_FARE + 200_000 + OTA_FEE,
      ]);
      expect(booking.pendingReschedule).toBeUndefined();
      expect([h.wallet.balance, h.wallet.held]).toEqual([balance - 200_000 - OTA_FEE, 0]);
      expect(h.airline.changes).toEqual([`KEY-${offerId}`]);
      await h.ticketing.run();
      expect(h.wallet.balance).toBe(balance - 200_000 - OTA_FEE);
    });

    it("unwinds one the airline never made: the hold voided, the booking as it was", async () => {
      const { h, balance, booking } = await interrupted("beforeChange");
      expect([booking.status, booking.segments[0]!.flightNo, booking.debitPaise, booking.pendingReschedule]).toEqual([
        "TICKETED",
        "101",
        NET_FARE,
        undefined,
      ]);
      expect([h.wallet.balance, h.wallet.held]).toEqual([balance, 0]);
      expect(h.airline.changes).toEqual([]);
    });
  });

  it("answers 402 and leaves the booking unchanged when the wallet cannot pay", async () => {
    const h = bookingHarness({ balance: NET_FARE + 10_000 });
    const bookingId = await booked(h);
    const before = (await h.store.get(bookingId))!;
    await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE + 500_000),
      reasonCode: ReasonCode.OTHER,
    } as never);
    const failure = await failureOf(h.service.confirmReschedule({ agentId: AGENT, bookingId } as never));
    expect([failure.code, failure.status]).toEqual(["WALLET_INSUFFICIENT_FUNDS", 402]);
    const after = (await h.store.get(bookingId))!;
    expect([after.segments, after.status, after.debitPaise]).toEqual([before.segments, before.status, before.debitPaise]);
    expect(h.airline.changes).toEqual([]);
  });

  it("voids the hold and keeps the booking when the airline refuses the change", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE),
      reasonCode: ReasonCode.OTHER,
    } as never);
    h.airline.refuseWith = new DomainError("PROVIDER_SOLD_OUT", "gone", {
      provider: { name: "SANDBOX", code: "FARE_UNAVAILABLE", message: "x" },
    });
    const held = h.wallet.held;
    expect((await failureOf(h.service.confirmReschedule({ agentId: AGENT, bookingId } as never))).code).toBe("PROVIDER_SOLD_OUT");
    expect(h.wallet.held).toBe(held);
    expect((await h.store.get(bookingId))!.segments[0]!.flightNo).toBe("101");
  });

  it("refuses to reschedule a CANCELLED or REFUNDED booking, and an unknown offer", async () => {
    // The crash leaves the booking CANCELLED, its refund still to come.
    const h = bookingHarness({ decorate: crashes.beforeRefund });
    const bookingId = await booked(h);
    const reschedule = () =>
      h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: newOffer(h, 1), reasonCode: ReasonCode.OTHER } as never);
    expect(
      (
        await failureOf(
          h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: "off_nope", reasonCode: ReasonCode.OTHER } as never),
        )
      ).code,
    ).toBe("SEARCH_OFFER_NOT_FOUND");
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);
    await expect(h.service.confirmCancellation({ agentId: AGENT, bookingId, ...cancellation } as never)).rejects.toThrow("crash");
    const cancelled = await failureOf(reschedule());
    expect([cancelled.code, cancelled.message]).toEqual(["BOOKING_INVALID_STATE", expect.stringContaining("CANCELLED")]);
    h.clock.advance(3_000);
    await h.recovery.run();
    expect((await failureOf(reschedule())).message).toContain("REFUNDED");
  });
});

describe("seats, baggage and meals across a reschedule", () => {
  /** A ticketed booking holding 10 kg of baggage (4500) and two vegetarian meals (2 x 400) bought after ticketing. */
  async function withExtras() {
    const { h, bookingId } = await ticketedBooking();
    const offered = await quoteAddition(h, bookingId);
    const selections = [
      { ancillaryToken: tokenOf(offered, "XBAG10"), quantity: 1 },
      { ancillaryToken: tokenOf(offered, "VGML"), quantity: 2 },
    ];
    await confirmAddition(h, bookingId, selections, "add-1");
    return { h, bookingId, booked: (await h.store.get(bookingId))! };
  }
  const fates = (q: Awaited<ReturnType<ReturnType<typeof bookingHarness>["service"]["quoteReschedule"]>>) =>
    q.items.map((i) => [i.code, i.segmentIndex, i.newSegmentIndex, Number(i.pricePaise), i.outcome]);

  it("carries the baggage the new flight sells, takes the meals off the payment, and changes the airline to exactly that", async () => {
    const { h, bookingId, booked } = await withExtras();
    const q = await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE + 100_000),
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
    } as never);
    expect(fates(q)).toEqual([
      ["XBAG10", 0, 0, 450_000, 1],
      ["VGML", 0, undefined, 80_000, 2],
    ]);
    const owed = 100_000 + 100_000 + OTA_FEE;
    expect([q.itemsRefundPaise, q.totalPayablePaise, q.refundPaise]).toEqual([80_000n, BigInt(owed - 80_000), 0n]);
    const balance = h.wallet.balance;
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect(h.wallet.balance).toBe(balance - (owed - 80_000));
    const bag = booked.extras!.find((e) => e.code === "XBAG10")!;
    // The bag goes with its EMD, which the airline re-associates with the new coupon.
    const carried = { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1, addReference: bag.additionId, emdNumber: bag.emdNumber };
    expect(bag.emdNumber).toMatch(/^\d{13}$/);
    expect(h.airline.changeCalls.at(-1)?.extras).toEqual([carried]);
    const changed = (await h.store.get(bookingId))!;
    // The bag keeps its price and EMD; the airline holds what the booking itemises.
    expect(changed.extras).toEqual([bag]);
    expect([changed.extrasPaise, changed.debitPaise]).toEqual([450_000, booked.debitPaise + owed - 80_000]);
    expect((await h.airline.provider().findReservation(bookingId))?.extras).toEqual([carried]);
  });

  it("credits the wallet what the dropped items were paid beyond the reschedule's cost", async () => {
    const { h, bookingId, booked } = await withExtras();
    h.airline.offerExtras = [];
    const q = await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE - 50_000),
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
    } as never);
    expect(fates(q).map((f) => f[4])).toEqual([2, 2]);
    const owed = 0 + 100_000 + OTA_FEE;
    expect([q.itemsRefundPaise, q.totalPayablePaise, q.refundPaise]).toEqual([530_000n, 0n, BigInt(530_000 - owed)]);
    const balance = h.wallet.balance;
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect(h.wallet.balance).toBe(balance + 530_000 - owed);
    expect(h.airline.changeCalls.at(-1)?.extras).toEqual([]);
    const changed = (await h.store.get(bookingId))!;
    expect([changed.extras, changed.extrasPaise, changed.debitPaise]).toEqual([[], 0, booked.debitPaise - (530_000 - owed)]);
    expect((await h.airline.provider().findReservation(bookingId))?.extras).toBeUndefined();
    // Cancelled afterwards: nothing added is left to keep; the reschedule's change fee and platform fee
    // are not refundable paid, the rest of the debit is, less penalty and fee.
    const cancel = await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);
    expect(changed.nonRefundablePaise).toBe(owed);
    expect(cancel.refundAmountPaise).toBe(BigInt(changed.debitPaise - owed) - cancel.airlinePenaltyPaise - cancel.otaFeePaise);
  });

  it("refuses a confirm after baggage or meals were bought since the quote, so nothing goes undecided", async () => {
    const { h, bookingId } = await ticketedBooking();
    const offered = await quoteAddition(h, bookingId);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "XBAG10"), quantity: 1 }], "add-1");
    const newOfferId = newOffer(h, NET_FARE);
    const reschedule = { agentId: AGENT, bookingId, newOfferId, reasonCode: ReasonCode.CUSTOMER_REQUEST };
    await h.service.quoteReschedule(reschedule as never);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "VGML"), quantity: 1 }], "add-2");
    const balance = h.wallet.balance;
    const stale = await failureOf(h.service.confirmReschedule({ agentId: AGENT, bookingId } as never));
    expect(stale.code).toBe("BOOKING_QUOTE_EXPIRED");
    expect([h.wallet.balance, h.airline.changeCalls.length]).toEqual([balance, 0]);
    const q = await h.service.quoteReschedule(reschedule as never);
    expect(q.items.map((i) => i.code)).toEqual(["XBAG10", "VGML"]);
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect((await h.store.get(bookingId))!.extras!.map((e) => e.code)).toEqual(["XBAG10"]);
  });

  it("credits dropped items once when a sweep finishes a confirm interrupted after the airline changed", async () => {
    const { h, bookingId } = await ticketedBooking({
      decorate: (wired) => ({ ...wired, provider: crashAfter(wired.provider, "changeReservation") }),
    });
    const offered = await quoteAddition(h, bookingId);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "XBAG10"), quantity: 1 }], "add-1");
    h.airline.offerExtras = [];
    const reschedule = { agentId: AGENT, bookingId, newOfferId: newOffer(h, NET_FARE), reasonCode: ReasonCode.CUSTOMER_REQUEST };
    const q = await h.service.quoteReschedule(reschedule as never);
    const refund = 450_000 - 100_000 - OTA_FEE;
    expect([q.totalPayablePaise, q.refundPaise]).toEqual([0n, BigInt(refund)]);
    const balance = h.wallet.balance;
    await expect(h.service.confirmReschedule({ agentId: AGENT, bookingId } as never)).rejects.toThrow("crash");
    expect(h.wallet.balance).toBe(balance);
    h.clock.advance(RESCHEDULE_REPAIR_AFTER_MS + 1);
    await h.ticketing.run();
    await h.ticketing.run();
    const booking = (await h.store.get(bookingId))!;
    expect([booking.pendingReschedule, booking.extras, h.wallet.balance]).toEqual([undefined, [], balance + refund]);
  });
});
