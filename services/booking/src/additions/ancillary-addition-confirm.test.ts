import { create, fromJsonString } from "@bufbuild/protobuf";
import { eventBody } from "@tarmac/events";
import { BookingAncillariesAddedEventSchema } from "@tarmac/proto/tarmac/events/v1/events_pb.js";
import { fromConnectError } from "@tarmac/kernel";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  ExtraSource,
  QuoteCancellationRequestSchema,
  ReasonCode,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { RESCHEDULE_REPAIR_AFTER_MS } from "../store/booking-store.js";
import { adult, AGENT, OTA_FEE, type BookingHarness, type BookingHarnessOptions } from "../testing/booking-harness.js";
import { crashAfter } from "../testing/decorate-once.js";
import { confirmAddition as confirm, quoteAddition as quote, ticketedBooking as ticketed, tokenOf } from "../testing/addition-calls.js";

/** A ticketed booking and a selection of 10 kg and two meals for ADT1 (quoted total 5,300.00). */
async function selected(options: BookingHarnessOptions = {}) {
  const { h, bookingId } = await ticketed(options);
  const q = await quote(h, bookingId);
  const selections = [
    { ancillaryToken: tokenOf(q, "XBAG10"), quantity: 1 },
    { ancillaryToken: tokenOf(q, "VGML"), quantity: 2 },
  ];
  const priced = await quote(h, bookingId, selections);
  return { h, bookingId, selections, total: Number(priced.totalPaise) };
}

async function cancel(h: BookingHarness, bookingId: string, reasonCode: ReasonCode, passengerIds: string[] = []) {
  const fields = { agentId: AGENT, bookingId, reasonCode, cancellationType: CancellationType.VOLUNTARY, passengerIds };
  const q = await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
  const c = await h.service.confirmCancellation(
    create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: `cx-${reasonCode}` }),
  );
  return { q, c };
}

describe("confirming baggage and meals after ticketing", () => {
  it("debits the quoted total once, numbers an EMD per item, and the airline, the booking, the event and a debit note hold them", async () => {
    const { h, bookingId, selections, total } = await selected();
    const before = h.wallet.balance;
    const debitBefore = (await h.store.get(bookingId))!.debitPaise;
    const added = await confirm(h, bookingId, selections, "add-1");
    expect(total).toBe(530_000);
    expect([Number(added.debitedPaise), h.wallet.balance]).toEqual([total, before - total]);
    expect(added.items.map((i) => [i.code, i.quantity, i.source])).toEqual([
      ["XBAG10", 1, ExtraSource.ADDED],
      ["VGML", 2, ExtraSource.ADDED],
    ]);
    // The EMDs are the airline's (it issues them with the addition), one per item.
    for (const item of added.items) expect(item.emdNumber).toMatch(/^0988\d{9}$/);
    expect(new Set(added.items.map((i) => i.emdNumber)).size).toBe(2);
    const [bagEmd, mealEmd] = added.items.map((i) => i.emdNumber);
    expect(h.airline.reservations.get(bookingId)!.extras).toEqual([
      { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1, addReference: added.additionId, emdNumber: bagEmd },
      { paxId: "ADT1", segmentIndex: 0, code: "VGML", quantity: 2, addReference: added.additionId, emdNumber: mealEmd },
    ]);
    const booking = (await h.store.get(bookingId))!;
    expect([booking.debitPaise, booking.extrasPaise, booking.pendingAddition]).toEqual([debitBefore + total, total, undefined]);
    const view = (await h.service.getBooking({ agentId: AGENT, bookingId } as never)).booking!;
    expect([Number(view.addedExtrasPaise), view.extras.map((e) => e.additionId)]).toEqual([total, [added.additionId, added.additionId]]);
    const event = (await h.outbox.pending(100)).find((e) => e.type === "booking.ancillaries_added");
    // The published body is the JSON of tarmac.events.v1.BookingAncillariesAddedEvent.
    const parsed = fromJsonString(BookingAncillariesAddedEventSchema, eventBody(event!));
    expect(parsed.data).toMatchObject({ bookingId, additionId: added.additionId, amountPaise: BigInt(total) });
    expect(parsed.data!.emdNumbers.split(",")).toEqual(added.items.map((i) => i.emdNumber));
    const notes = (await h.invoices.forBooking(bookingId)).filter((i) => i.kind === "DEBIT_NOTE");
    expect(notes.map((n) => n.totalPaise)).toEqual([total]);
    const replay = await confirm(h, bookingId, selections, "add-1");
    expect([replay.replayed, replay.additionId, h.wallet.balance]).toEqual([true, added.additionId, before - total]);
  });

  it("30 concurrent confirms under one key: one debit, one airline addition, every answer the same addition", async () => {
    const { h, bookingId, selections, total } = await selected();
    const before = h.wallet.balance;
    const answers = await Promise.allSettled(Array.from({ length: 30 }, () => confirm(h, bookingId, selections, "same")));
    for (const a of answers) if (a.status === "rejected") expect(failureCode(a.reason)).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    const again = await confirm(h, bookingId, selections, "same");
    const ids = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.additionId] : []));
    expect(new Set([...ids, again.additionId]).size).toBe(1);
    expect([h.wallet.balance, h.wallet.captured.length - 1, new Set(h.airline.addCalls.map((c) => c.addReference)).size]).toEqual([
      before - total,
      1,
      1,
    ]);
  });

  it("concurrent confirms under different keys never sell beyond the maximum nor debit twice for one item", async () => {
    const { h, bookingId, selections, total } = await selected();
    const before = h.wallet.balance;
    const answers = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => confirm(h, bookingId, selections, `k-${i}`)));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect(failureCode(a.reason)).toBe("BOOKING_INVALID_STATE");
    // The same selection again, after the first was stored: over the maximum.
    expect(failureCode(await confirm(h, bookingId, selections, "late").catch((e: unknown) => e))).toBe("VALIDATION_FAILED");
    expect(h.wallet.balance).toBe(before - total);
    expect(h.airline.reservations.get(bookingId)!.extras).toHaveLength(2);
  });

  it("refuses when the wallet cannot pay: nothing added at the airline, nothing stored", async () => {
    const { h, bookingId, selections } = await selected({ balance: 900_000 });
    const stored = (await h.store.get(bookingId))!;
    const refused = await confirm(h, bookingId, selections, "poor").catch((e: unknown) => fromConnectError(e));
    expect(refused).toMatchObject({ code: "WALLET_INSUFFICIENT_FUNDS" });
    const after = (await h.store.get(bookingId))!;
    expect([after.extras, after.debitPaise, after.pendingAddition, after.confirmations]).toEqual([
      stored.extras,
      stored.debitPaise,
      undefined,
      stored.confirmations,
    ]);
    expect(h.airline.addCalls).toHaveLength(0);
    expect(h.wallet.held).toBe(0);
  });

  it("a crash after the airline added them is finished by the sweep exactly once", async () => {
    const { h, bookingId, selections, total } = await selected({
      decorate: (wired) => ({ ...wired, provider: crashAfter(wired.provider, "addExtras") }),
    });
    const before = h.wallet.balance;
    await expect(confirm(h, bookingId, selections, "crash")).rejects.toThrow();
    expect((await h.store.get(bookingId))!.pendingAddition).toBeDefined();
    expect(h.wallet.held).toBe(total);
    await h.ticketing.run();
    expect((await h.store.get(bookingId))!.extras).toEqual([]);
    h.clock.advance(RESCHEDULE_REPAIR_AFTER_MS + 1);
    await Promise.all([h.ticketing.run(), h.replica().ticketing.run()]);
    await h.ticketing.run();
    const booking = (await h.store.get(bookingId))!;
    expect([booking.pendingAddition, booking.extras!.length, booking.extrasPaise]).toEqual([undefined, 2, total]);
    expect([h.wallet.balance, h.wallet.held]).toEqual([before - total, 0]);
    const replay = await confirm(h, bookingId, selections, "crash");
    expect([replay.replayed, Number(replay.debitedPaise)]).toEqual([true, total]);
    expect((await h.outbox.pending(100)).filter((e) => e.type === "booking.ancillaries_added")).toHaveLength(1);
  });
});

describe("cancelling after an addition", () => {
  it("a voluntary cancellation leaves the airline the added EMDs; the wallet totals add up", async () => {
    const { h, bookingId, selections, total } = await selected();
    const start = h.wallet.balance;
    const withoutAddition = await h.service.quoteCancellation(
      create(QuoteCancellationRequestSchema, {
        agentId: AGENT,
        bookingId,
        reasonCode: ReasonCode.CUSTOMER_REQUEST,
        cancellationType: CancellationType.VOLUNTARY,
      }),
    );
    await confirm(h, bookingId, selections, "add");
    const { q, c } = await cancel(h, bookingId, ReasonCode.CUSTOMER_REQUEST);
    expect(Number(q.airlinePenaltyPaise)).toBe(Number(withoutAddition.airlinePenaltyPaise) + total);
    expect(Number(q.refundAmountPaise)).toBe(Number(withoutAddition.refundAmountPaise));
    expect(Number(c.refundAmountPaise)).toBe(Number(q.refundAmountPaise));
    expect(h.wallet.balance).toBe(start - total + Number(c.refundAmountPaise));
  });

  it("FLIGHT_CANCELLED refunds the added items with the fare", async () => {
    const { h, bookingId, selections, total } = await selected();
    await confirm(h, bookingId, selections, "add");
    const booking = (await h.store.get(bookingId))!;
    const { q } = await cancel(h, bookingId, ReasonCode.FLIGHT_CANCELLED);
    expect([Number(q.airlinePenaltyPaise), Number(q.refundAmountPaise)]).toEqual([0, booking.debitPaise]);
    expect(booking.debitPaise).toBeGreaterThan(total);
  });

  it("a void (the day of ticketing) refunds the added items with everything else", async () => {
    const { h, bookingId, selections, total } = await selected();
    const start = h.wallet.balance;
    await confirm(h, bookingId, selections, "add");
    const debited = (await h.store.get(bookingId))!.debitPaise;
    const fields = { agentId: AGENT, bookingId, reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOID };
    const q = await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    const c = await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "void" }));
    expect([Number(q.airlinePenaltyPaise), Number(c.refundAmountPaise)]).toEqual([0, debited]);
    expect(h.wallet.balance).toBe(start - total + debited);
  });

  it("a partial cancellation of the passenger who bought them returns them to that passenger's part only", async () => {
    const { h, bookingId } = await ticketed({ pax: { adult: 2, child: 0, infant: 0 } }, [adult(1), adult(2, { firstName: "Meera" })]);
    const q = await quote(h, bookingId);
    const meal = { ancillaryToken: tokenOf(q, "VGML", "ADT2"), quantity: 2 };
    const before = await cancelQuote(h, bookingId, ReasonCode.FLIGHT_CANCELLED, ["ADT2"]);
    const voluntaryBefore = await cancelQuote(h, bookingId, ReasonCode.CUSTOMER_REQUEST, ["ADT2"]);
    const start = h.wallet.balance;
    await confirm(h, bookingId, [meal], "add");
    const involuntary = await cancelQuote(h, bookingId, ReasonCode.FLIGHT_CANCELLED, ["ADT2"]);
    expect(Number(involuntary.refundAmountPaise)).toBe(Number(before.refundAmountPaise) + 80_000);
    const adt1 = await cancelQuote(h, bookingId, ReasonCode.FLIGHT_CANCELLED, ["ADT1"]);
    expect(Number(adt1.refundAmountPaise)).toBe(Number(before.refundAmountPaise));
    const { q: voluntary, c } = await cancel(h, bookingId, ReasonCode.CUSTOMER_REQUEST, ["ADT2"]);
    // ADT2 paid 800.00 more; the airline keeps the EMDs, so the refund is what it was without them.
    expect(voluntary.items.map((i) => i.paxId)).toEqual(["ADT2"]);
    expect(Number(voluntary.items[0]!.paidPaise)).toBe(Number(voluntaryBefore.items[0]!.paidPaise) + 80_000);
    expect(Number(voluntary.airlinePenaltyPaise)).toBe(Number(voluntaryBefore.airlinePenaltyPaise) + 80_000);
    expect(Number(c.refundAmountPaise)).toBe(Number(voluntaryBefore.refundAmountPaise));
    expect(h.wallet.balance).toBe(start - 80_000 + Number(c.refundAmountPaise));
    expect(Number(c.otaFeePaise)).toBe(OTA_FEE);
  });
});

function cancelQuote(h: BookingHarness, bookingId: string, reasonCode: ReasonCode, passengerIds: string[]) {
  return h.service.quoteCancellation(
    create(QuoteCancellationRequestSchema, {
      agentId: AGENT,
      bookingId,
      reasonCode,
      cancellationType: CancellationType.VOLUNTARY,
      passengerIds,
    }),
  );
}

function failureCode(error: unknown): string {
  return fromConnectError(error).code;
}

describe("one change at a time", () => {
  it("refuses a cancellation while an addition is running, and the addition still completes", async () => {
    const { h, bookingId, selections, total } = await selected({
      decorate: (wired) => ({ ...wired, provider: crashAfter(wired.provider, "addExtras") }),
    });
    await expect(confirm(h, bookingId, selections, "running")).rejects.toThrow();
    const fields = { agentId: AGENT, bookingId, reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    const refused = await h.service
      .confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "cx-while" }))
      .catch((e: unknown) => fromConnectError(e));
    expect(refused).toMatchObject({ code: "BOOKING_INVALID_STATE" });
    expect(h.airline.reservations.get(bookingId)!.status).toBe("TICKETED");
    h.clock.advance(RESCHEDULE_REPAIR_AFTER_MS + 1);
    await h.ticketing.run();
    expect((await h.store.get(bookingId))!.extrasPaise).toBe(total);
  });
});
