import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  QuoteCancellationRequestSchema,
  ReasonCode,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { InvoiceKind, ListInvoicesRequestSchema } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { describe, expect, it } from "vitest";
import { AGENCY_GST } from "../testing/invoice-fixtures.js";
import { adult, AGENT, bookingHarness, createRequest, type BookingHarness } from "../testing/booking-harness.js";
import { confirmAddition, quoteAddition, tokenOf } from "../testing/addition-calls.js";
import { handlerContext } from "../testing/service-calls.js";

const voluntary = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

async function twoAdults(): Promise<{ h: BookingHarness; bookingId: string }> {
  const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
  const request = createRequest({ gst: AGENCY_GST, passengers: [adult(1), adult(2, { firstName: "Meera" })] });
  const { bookingId } = await h.service.createBooking(request, handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return { h, bookingId };
}

async function cancel(h: BookingHarness, bookingId: string, passengerIds: string[], reasonCode = ReasonCode.CUSTOMER_REQUEST) {
  const fields = { agentId: AGENT, bookingId, ...voluntary, reasonCode, passengerIds };
  const quote = await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
  const confirmed = await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "" }));
  return { quote, confirmed };
}

async function notes(h: BookingHarness, bookingId: string, kind: InvoiceKind) {
  const documents = (await h.service.listInvoices(create(ListInvoicesRequestSchema, { agentId: AGENT, bookingId }))).invoices;
  return documents.filter((d) => d.kind === kind).sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
}
const creditNotes = (h: BookingHarness, bookingId: string) => notes(h, bookingId, InvoiceKind.CREDIT_NOTE);
/** Each refund's fee note: debit notes other than reschedules' and additions'. */
const feeNotes = async (h: BookingHarness, bookingId: string) =>
  (await notes(h, bookingId, InvoiceKind.DEBIT_NOTE)).filter((d) => d.supplies.some((s) => s.kind === "CANCELLATION_FEE"));

/** What the wallet credited for one refund (by its wallet reference). */
async function credited(h: BookingHarness, bookingId: string, refundId: string): Promise<number> {
  const refund = (await h.store.get(bookingId))!.refunds!.find((r) => r.refundId === refundId)!;
  return h.wallet.credits.get(refund.walletReference) ?? 0;
}

/** Per passenger: what the credit note gives back less what the fee note keeps, i.e. the passenger's refund. */
const lineAmounts = (note: Doc, fee: Doc | undefined) =>
  note.lines.map((l) => {
    const kept = fee?.lines.find((f) => f.paxId === l.paxId)?.totalPaise ?? 0n;
    return [l.paxId, Number(l.totalPaise - kept), Number(l.totalPaise - kept)];
  });
interface Doc {
  lines: { paxId: string; totalPaise: bigint }[];
  totalPaise: bigint;
}

describe("credit note lines", () => {
  it("credit a partial cancellation of ADT2 to ADT2 alone, its own refund; the total is the wallet credit", async () => {
    const { h, bookingId } = await twoAdults();
    const { quote, confirmed } = await cancel(h, bookingId, ["ADT2"]);
    const refund = Number(quote.refundAmountPaise);
    expect(refund).toBeGreaterThan(0);
    expect(quote.items.map((i) => [i.paxId, Number(i.refundAmountPaise)])).toEqual([["ADT2", refund]]);

    const [note] = await creditNotes(h, bookingId);
    const [fee] = await feeNotes(h, bookingId);
    expect(lineAmounts(note!, fee)).toEqual([
      ["ADT1", 0, 0],
      ["ADT2", refund, refund],
    ]);
    expect(Number(note!.totalPaise - fee!.totalPaise)).toBe(await credited(h, bookingId, confirmed.refundId));
  });

  it("credit each passenger's own refund when the rest of the booking is cancelled after a partial one", async () => {
    const { h, bookingId } = await twoAdults();
    const first = await cancel(h, bookingId, ["ADT2"]);
    h.clock.advance(60_000);
    const rest = await cancel(h, bookingId, []);
    expect(rest.quote.items.map((i) => i.paxId)).toEqual(["ADT1"]);

    const credits = await creditNotes(h, bookingId);
    const fees = await feeNotes(h, bookingId);
    expect(credits.map((n, i) => lineAmounts(n, fees[i]))).toEqual([
      [
        ["ADT1", 0, 0],
        ["ADT2", Number(first.quote.refundAmountPaise), Number(first.quote.refundAmountPaise)],
      ],
      [
        ["ADT1", Number(rest.quote.refundAmountPaise), Number(rest.quote.refundAmountPaise)],
        ["ADT2", 0, 0],
      ],
    ]);
    expect(Number(credits[1]!.totalPaise - fees[1]!.totalPaise)).toBe(await credited(h, bookingId, rest.confirmed.refundId));
  });

  it("credit a whole-booking cancellation by each passenger's refund item, ADT2's with the meal it added", async () => {
    const { h, bookingId } = await twoAdults();
    const offered = await quoteAddition(h, bookingId);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "VGML", "ADT2"), quantity: 1 }], "meal-adt2");
    // The flight is cancelled: the airline refunds the added meal with ADT2's fare.
    const { quote, confirmed } = await cancel(h, bookingId, [], ReasonCode.FLIGHT_CANCELLED);
    const own = (paxId: string) => quote.items.filter((i) => i.paxId === paxId).reduce((sum, i) => sum + Number(i.refundAmountPaise), 0);
    expect(own("ADT2")).toBeGreaterThan(own("ADT1"));
    const [note] = await creditNotes(h, bookingId);
    // The airline cancelled the flight: no fee kept, no fee note.
    expect(await feeNotes(h, bookingId)).toEqual([]);
    expect(lineAmounts(note!, undefined)).toEqual([
      ["ADT1", own("ADT1"), own("ADT1")],
      ["ADT2", own("ADT2"), own("ADT2")],
    ]);
    expect(Number(note!.totalPaise)).toBe(Number(quote.refundAmountPaise));
    expect(Number(note!.totalPaise)).toBe(await credited(h, bookingId, confirmed.refundId));
  });
});
