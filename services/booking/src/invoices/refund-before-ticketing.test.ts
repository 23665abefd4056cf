import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  PassengerType,
  QuoteCancellationRequestSchema,
  ReasonCode,
  Title,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest } from "../testing/booking-harness.js";
import { handlerContext } from "../testing/service-calls.js";

const child = adult(1, { id: "CHD1", type: PassengerType.CHD, title: Title.MSTR, dob: "2018-05-10" });
const infant = adult(1, { id: "INF1", type: PassengerType.INF, title: Title.MSTR, dob: "2026-03-01" });

describe("a refund credited before the booking is ticketed", () => {
  it("gets its credit note with the tax invoice, so the documents add up to what the wallet kept", async () => {
    // Issue 34's model test found it (seed -1623566262): the tax invoice documented everything
    // debited, and the refund of the passengers cancelled before ticketing had no note.
    const h = bookingHarness({ pax: { adult: 1, child: 1, infant: 1 } });
    const { bookingId } = await h.service.createBooking(createRequest({ passengers: [adult(1), child, infant] }), handlerContext());
    const fields = {
      agentId: AGENT,
      bookingId,
      cancellationType: CancellationType.VOLUNTARY,
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
      passengerIds: ["CHD1", "INF1"],
    };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    const { refundAmountPaise } = await h.service.confirmCancellation(
      create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "cx-1" }),
    );
    expect(await h.invoices.forBooking(bookingId)).toEqual([]);
    h.airline.ticket(bookingId, "TICKETED");
    await h.ticketing.run();
    await h.ticketing.run();
    const documents = await h.invoices.forBooking(bookingId);
    // The credit note, and the debit note for the cancellation fee kept.
    expect(documents.map((d) => d.kind)).toEqual(["TAX_INVOICE", "CREDIT_NOTE", "DEBIT_NOTE"]);
    const [invoice, note, fee] = documents;
    const debited = h.wallet.captured.reduce((sum, c) => sum + c.amount, 0);
    const credited = [...h.wallet.credits.values()].reduce((sum, c) => sum + c, 0);
    expect(credited).toBe(Number(refundAmountPaise));
    expect(invoice!.totalPaise + fee!.totalPaise - note!.totalPaise).toBe(debited - credited);
    // The note credits the cancelled passengers, each no more than their invoice line; ADT1's stays at 0.00.
    const line = (doc: typeof invoice, paxId: string) => doc!.lines.find((l) => l.paxId === paxId)!.total;
    expect(line(note, "ADT1")).toBe(0);
    for (const paxId of ["CHD1", "INF1"]) expect(line(note, paxId)).toBeLessThanOrEqual(line(invoice, paxId));
    expect(note!.originalInvoiceNumber).toBe(invoice!.invoiceNumber);
  });
});
