import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  QuoteCancellationRequestSchema,
  ReasonCode,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { gstOn, supplyOf } from "@tarmac/tax";
import { describe, expect, it } from "vitest";
import { partShares, shareByPassenger } from "../domain/part-shares.js";
import { adult, AGENT, bookingHarness, createRequest, NET_FARE, type BookingHarness } from "../testing/booking-harness.js";
import { confirmAddition, quoteAddition, tokenOf } from "../testing/addition-calls.js";
import { AGENCY_GST } from "../testing/invoice-fixtures.js";
import { newOffer } from "../testing/new-offer.js";
import { handlerContext } from "../testing/service-calls.js";
import type { Invoice } from "./invoice.js";

interface Heads {
  cgst: number;
  sgst: number;
  igst: number;
}
const RATE = 1800;
const sign = (d: Invoice) => (d.kind === "CREDIT_NOTE" ? -1 : 1);

async function ticketed(pax = 2, gst: object = AGENCY_GST): Promise<{ h: BookingHarness; bookingId: string }> {
  const h = bookingHarness({ pax: { adult: pax, child: 0, infant: 0 } });
  const names = ["Arjun", "Meera", "Kavya"];
  const passengers = Array.from({ length: pax }, (_, i) => adult(i + 1, { firstName: names[i] }));
  const { bookingId } = await h.service.createBooking(createRequest({ gst, passengers }), handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return { h, bookingId };
}

async function cancel(h: BookingHarness, bookingId: string, fields: Record<string, unknown>) {
  const request = {
    agentId: AGENT,
    bookingId,
    reasonCode: ReasonCode.CUSTOMER_REQUEST,
    cancellationType: CancellationType.VOLUNTARY,
    ...fields,
  };
  await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, request));
  await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...request, idempotencyKey: "" }));
}

async function reschedule(h: BookingHarness, bookingId: string, netFare: number) {
  h.clock.advance(60_000);
  const newOfferId = newOffer(h, netFare);
  const quote = await h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId, reasonCode: ReasonCode.SCHEDULE_CHANGE } as never);
  await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
  return quote;
}

/** What the wallet took for a booking less what it gave back. */
function walletNet(h: BookingHarness, bookingId: string): number {
  const debits = [...h.wallet.holds]
    .filter(([reference, hold]) => reference.startsWith(bookingId) && hold.state === "CAPTURED")
    .reduce((sum, [, hold]) => sum + hold.amount, 0);
  const credits = [...h.wallet.credits]
    .filter(([reference]) => reference.startsWith(bookingId))
    .reduce((sum, [, amount]) => sum + amount, 0);
  return debits - credits;
}

/**
 * What the agency finally paid for our supplies, worked out from the booking alone: the service
 * fee of every passenger and direction not refunded, and each fee kept (cancellation, void,
 * reschedule), each valued as the tax rules value a fee; with the tax on each.
 */
async function finalSupplies(h: BookingHarness, bookingId: string, rescheduleFees: readonly number[]) {
  const booking = (await h.store.get(bookingId))!;
  const kind = booking.taxTerms!.gstKind;
  const refunded = new Set(
    (booking.cancellations ?? [])
      .filter((c) => booking.refunds?.some((r) => r.refundId === c.refundId && r.status === "REFUNDED"))
      .flatMap((c) => (c.items ?? []).map((i) => `${i.paxId}/${i.direction}`)),
  );
  const [invoice] = (await h.invoices.forBooking(bookingId)).filter((d) => d.kind === "TAX_INVOICE");
  // The service fee of each part as it was invoiced at ticketing (the fare's markup then).
  const kept = invoice!.supplies!.filter((s) => s.kind === "SERVICE_FEE" && !refunded.has(`${s.paxId}/${s.direction}`));
  const fees = [
    ...(booking.cancellations ?? [])
      .filter((c) => booking.refunds?.some((r) => r.refundId === c.refundId && r.status === "REFUNDED"))
      .flatMap((c) => (c.items ?? []).map((i) => i.otaFeePaise)),
    // A reschedule's fee is each passenger's share of it, by the booking's one allocation.
    ...rescheduleFees.flatMap((fee) => shareByPassenger(booking, fee)),
  ].filter((f) => f > 0);
  const tax: Heads = { cgst: 0, sgst: 0, igst: 0 };
  let value = 0;
  const add = (heads: Heads, consideration: number) => {
    tax.cgst += heads.cgst;
    tax.sgst += heads.sgst;
    tax.igst += heads.igst;
    value += consideration;
  };
  for (const s of kept) add(gstOn(s.taxableValuePaise, RATE, kind), s.considerationPaise);
  for (const f of fees) add(supplyOf(f, RATE, kind), f);
  return { tax, value, booking };
}

/** The documents' net tax by head, our supplies' net value, pure-agent and commission nets; each supply line recomputed. */
async function documented(h: BookingHarness, bookingId: string) {
  const docs = await h.invoices.forBooking(bookingId);
  const tax: Heads = { cgst: 0, sgst: 0, igst: 0 };
  let value = 0;
  let pureAgent = 0;
  let commission = 0;
  let total = 0;
  for (const d of docs) {
    for (const s of d.supplies ?? []) {
      // Every line recomputes: tax = round(taxable x rate), by head, at the rate it prints.
      expect(gstOn(s.taxableValuePaise, s.gstRateBps, s.igstRateBps > 0 ? "IGST" : "CGST_SGST")).toEqual({
        cgst: s.cgstPaise,
        sgst: s.sgstPaise,
        igst: s.igstPaise,
      });
      expect(s.sac).toBe("998551");
      tax.cgst += sign(d) * s.cgstPaise;
      tax.sgst += sign(d) * s.sgstPaise;
      tax.igst += sign(d) * s.igstPaise;
      value += sign(d) * s.considerationPaise;
    }
    pureAgent += sign(d) * (d.totals?.pureAgentPaise ?? 0);
    commission += sign(d) * ((d.totals?.grossCommissionPaise ?? 0) - (d.totals?.tdsPaise ?? 0));
    total += sign(d) * d.totalPaise;
    expect(d.invoiceNumber.length).toBeLessThanOrEqual(16);
    expect(d.reverseCharge).toBe(false);
    expect(d.placeOfSupply).toMatchObject({ stateCode: "27", stateName: "Maharashtra", gstKind: "IGST" });
  }
  return { tax, value, pureAgent, commission, total, docs };
}

/** The lifecycle's documents against the wallet and against what was finally paid for our supplies and collected for the airline. */
async function expectReconciled(h: BookingHarness, bookingId: string, rescheduleFees: readonly number[] = []) {
  const expected = await finalSupplies(h, bookingId, rescheduleFees);
  const got = await documented(h, bookingId);
  expect(got.tax).toEqual(expected.tax);
  expect(got.value).toBe(expected.value);
  expect(got.total).toBe(walletNet(h, bookingId));
  // The pure-agent statement is what the wallet moved less our supplies, plus the commission given.
  expect(got.pureAgent).toBe(walletNet(h, bookingId) - expected.value + got.commission);
  return { ...got, booking: expected.booking };
}

describe("tax documents over each lifecycle reconcile, per tax head, with what the agency finally paid", () => {
  it("ticket: the service fee is our supply, the fare the airline's, with its GST per ticket", async () => {
    const { h, bookingId } = await ticketed();
    const got = await expectReconciled(h, bookingId);
    const [invoice] = got.docs;
    const shares = partShares(got.booking);
    expect(invoice!.supplies!.map((s) => [s.paxId, s.considerationPaise])).toEqual(shares.map((s) => [s.paxId, s.otaMarkupPaise]));
    // Finding 3: the airline's fare and taxes are not our supply; its own GST is on the statement.
    const fare = invoice!.pureAgent!.filter((p) => p.kind === "AIR_FARE");
    expect(fare.reduce((s, p) => s + p.baseFarePaise + p.airlineTaxesPaise, 0)).toBe(
      got.booking.pricing.baseFare + got.booking.pricing.taxes,
    );
    expect(fare.every((p) => p.airlineGstPaise === Math.round(p.baseFarePaise * 0.05))).toBe(true);
    // Finding 4: what the service is, where, when, on which tickets.
    expect(fare[0]).toMatchObject({ sector: "DEL-BOM", travelDate: "2026-12-01", flights: ["AI101"] });
    expect(fare[0]!.ticketNumbers.length).toBeGreaterThan(0);
    expect(invoice!.supplies![0]).toMatchObject({
      sector: "DEL-BOM",
      travelDate: "2026-12-01",
      description: expect.stringContaining("DEL-BOM"),
    });
    expect(invoice!.invoiceNumber).toBe("TI2627000001");
  });

  it("partial cancel: the cancelled passenger's fee and its GST come back; the cancellation fee is taxed on a debit note", async () => {
    const { h, bookingId } = await ticketed();
    await cancel(h, bookingId, { passengerIds: ["ADT2"] });
    const got = await expectReconciled(h, bookingId);
    const credit = got.docs.find((d) => d.kind === "CREDIT_NOTE")!;
    // Finding 1: the credit note reverses tax.
    expect(credit.totals!.igstPaise).toBeGreaterThan(0);
    expect(credit.supplies!.map((s) => s.paxId)).toEqual(["ADT2"]);
    // Finding 2: the cancellation fee bears GST.
    const fee = got.docs.find((d) => d.kind === "DEBIT_NOTE")!;
    expect(fee.supplies!.map((s) => [s.kind, s.considerationPaise])).toEqual([["CANCELLATION_FEE", 25_000]]);
    expect(fee.totals!.igstPaise).toBe(gstOn(fee.supplies![0]!.taxableValuePaise, RATE, "IGST").igst);
    expect(credit.originalInvoiceNumber).toBe("TI2627000001");
    expect(credit.originalInvoiceDate).toEqual(got.docs.find((d) => d.kind === "TAX_INVOICE")!.issuedAt);
  });

  it("void: every fee and all its GST come back; nothing of ours is left", async () => {
    const { h, bookingId } = await ticketed();
    await cancel(h, bookingId, { cancellationType: CancellationType.VOID });
    const got = await expectReconciled(h, bookingId);
    expect(got.tax).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(got.total).toBe(0);
  });

  it("no-show: the fee comes back less the cancellation fee, taxed", async () => {
    const { h, bookingId } = await ticketed();
    h.clock.set(new Date("2026-12-01T03:00:00Z"));
    await cancel(h, bookingId, { reasonCode: ReasonCode.NO_SHOW });
    await expectReconciled(h, bookingId);
  });

  it("reschedule up and down: the reschedule fee is our supply, the fare difference and change fee the airline's", async () => {
    for (const netFare of [NET_FARE + 100_000, NET_FARE - 100_000]) {
      const { h, bookingId } = await ticketed();
      const quote = await reschedule(h, bookingId, netFare);
      const got = await expectReconciled(h, bookingId, [Number(quote.otaFeePaise)]);
      const debit = got.docs.find((d) => d.kind === "DEBIT_NOTE")!;
      expect(debit.supplies!.every((s) => s.kind === "RESCHEDULE_FEE")).toBe(true);
      expect(debit.totals!.pureAgentPaise).toBe(Number(quote.fareDifferencePaise + quote.airlineChangeFeePaise));
      // A cancellation after it gives back the fee invoiced at ticketing, no more.
      h.clock.advance(60_000);
      await cancel(h, bookingId, {});
      await expectReconciled(h, bookingId, [Number(quote.otaFeePaise)]);
    }
  });

  it("additions: the airline's EMDs on a debit note, no tax of ours", async () => {
    const { h, bookingId } = await ticketed();
    const offered = await quoteAddition(h, bookingId);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "XBAG10", "ADT2"), quantity: 1 }], "add-adt2");
    const got = await expectReconciled(h, bookingId);
    const debit = got.docs.find((d) => d.kind === "DEBIT_NOTE")!;
    expect(debit.supplies).toEqual([]);
    expect(debit.pureAgent!.map((p) => [p.kind, p.paxId, p.emdNumbers.length])).toEqual([["BAGGAGE", "ADT2", 1]]);
  });

  it("refund rejected: nothing credited, no note; the tax invoice stands", async () => {
    const { h, bookingId } = await ticketed();
    h.airline.refundOutcome = "REJECTED";
    await cancel(h, bookingId, { passengerIds: ["ADT2"] });
    const got = await expectReconciled(h, bookingId);
    expect(got.docs.map((d) => d.kind)).toEqual(["TAX_INVOICE"]);
  });
});
