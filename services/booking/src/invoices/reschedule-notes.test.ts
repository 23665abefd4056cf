import { silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { AGENCY_GST, TEST_BILLING } from "../testing/invoice-fixtures.js";
import type { RescheduleQuote } from "../domain/quotes.js";
import { adult, bookingHarness, createRequest } from "../testing/booking-harness.js";
import { handlerContext } from "../testing/service-calls.js";
import { InvoiceIssuer } from "./invoice-issuer.js";

/** A reschedule's money: fare difference 100.00, airline fee 200.00, platform fee 50.00; ADT2's dropped meal paid 320.00. */
const quote = {
  kind: "RESCHEDULE",
  quoteId: "rq_1",
  fareDifferencePaise: 10_000,
  airlineChangeFeePaise: 20_000,
  otaFeePaise: 5_000,
  totalPayablePaise: 3_000,
  itemsRefundPaise: 32_000,
  refundPaise: 0,
  items: [
    { paxId: "ADT2", kind: "MEAL", code: "VGML", quantity: 1, segmentIndex: 0, pricePaise: 32_000, outcome: "REFUNDED", reason: "" },
    {
      paxId: "ADT1",
      kind: "BAGGAGE",
      code: "XBAG10",
      quantity: 1,
      segmentIndex: 0,
      pricePaise: 45_000,
      outcome: "CARRIED_OVER",
      reason: "",
    },
  ],
} as const satisfies Partial<RescheduleQuote>;

describe("a reschedule's notes", () => {
  it("debit its charges (fee with GST, the rest never negative) and credit each passenger's dropped items; signed, the payment", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    const request = createRequest({ gst: AGENCY_GST, passengers: [adult(1), adult(2, { firstName: "Meera" })] });
    const { bookingId } = await h.service.createBooking(request, handlerContext());
    const booking = (await h.store.get(bookingId))!;
    const issuer = new InvoiceIssuer({ store: h.invoices, billing: TEST_BILLING, clock: h.clock, logger: silentLogger() });
    await issuer.ticketed(booking);

    const [debit, credit] = await issuer.rescheduled(booking, quote as unknown as RescheduleQuote);
    expect([debit?.kind, debit?.totalPaise, credit?.kind, credit?.totalPaise]).toEqual(["DEBIT_NOTE", 35_000, "CREDIT_NOTE", 32_000]);
    const fee = debit!.lines.reduce((sum, l) => sum + l.serviceFee + l.cgst + l.sgst + l.igst, 0);
    expect(fee).toBe(5_000);
    expect(debit!.lines.reduce((sum, l) => sum + l.igst, 0)).toBeGreaterThan(0);
    expect(debit!.lines.map((l) => l.other)).toEqual([15_000, 15_000]);
    expect(credit!.lines.map((l) => [l.paxId, l.other])).toEqual([
      ["ADT1", 0],
      ["ADT2", 32_000],
    ]);
    expect(debit!.totalPaise - credit!.totalPaise).toBe(quote.totalPayablePaise - quote.refundPaise);

    // Issued again (a resume after a crash): the same two documents, nothing numbered twice.
    const again = await issuer.rescheduled(booking, quote as unknown as RescheduleQuote);
    expect(again.map((d) => d.invoiceNumber)).toEqual([debit!.invoiceNumber, credit!.invoiceNumber]);
  });
});
