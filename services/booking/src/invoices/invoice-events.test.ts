import { fromJsonString } from "@bufbuild/protobuf";
import { eventBody } from "@tarmac/events";
import { silentLogger } from "@tarmac/kernel/testing";
import { InvoiceIssuedEventSchema } from "@tarmac/proto/tarmac/events/v1/events_pb.js";
import { describe, expect, it } from "vitest";
import { AGENCY_GST, TEST_BILLING } from "../testing/invoice-fixtures.js";
import { bookingHarness, createRequest, NET_FARE } from "../testing/booking-harness.js";
import { handlerContext } from "../testing/service-calls.js";
import { INVOICE_ISSUED } from "./invoice-events.js";
import { InvoiceIssuer } from "./invoice-issuer.js";

describe("invoice.issued", () => {
  it("is written once per document when ten issuers race to issue it, and its body is InvoiceIssuedEvent", async () => {
    const h = bookingHarness();
    const { bookingId } = await h.service.createBooking(createRequest({ gst: AGENCY_GST }), handlerContext());
    const booking = (await h.store.get(bookingId))!;
    const issuers = Array.from(
      { length: 10 },
      () => new InvoiceIssuer({ store: h.invoices, billing: TEST_BILLING, clock: h.clock, logger: silentLogger() }),
    );
    const before = (await h.outbox.pending(100)).length;

    const invoices = await Promise.all(issuers.map((issuer) => issuer.ticketed(booking)));
    const credits = await Promise.all(issuers.map((issuer) => issuer.refunded(booking, 100_000, "rfd_1")));
    expect(new Set(invoices.map((i) => i?.invoiceNumber))).toEqual(new Set(["TI2627000001"]));
    expect(new Set(credits.map((i) => i?.invoiceNumber))).toEqual(new Set(["CN2627000001"]));

    const events = (await h.outbox.pending(100)).slice(before).filter((e) => e.type === INVOICE_ISSUED);
    expect(events).toHaveLength(2);
    const [invoice, credit] = events.map((e) => fromJsonString(InvoiceIssuedEventSchema, eventBody(e)));
    expect(invoice).toMatchObject({
      type: "invoice.issued",
      agentId: booking.agentId,
      data: {
        kind: "TAX_INVOICE",
        invoiceNumber: "TI2627000001",
        bookingId,
        financialYear: "2026-27",
        originalInvoiceNumber: "",
        recipientGstin: AGENCY_GST.gstin,
        gstKind: "IGST",
        currency: "INR",
        cgstPaise: 0n,
        sgstPaise: 0n,
        totalPaise: BigInt(NET_FARE),
      },
    });
    expect(invoice!.data!.serviceFeePaise + invoice!.data!.igstPaise).toBe(BigInt(booking.pricing.otaMarkup));
    expect(credit!.data).toMatchObject({
      kind: "CREDIT_NOTE",
      invoiceNumber: "CN2627000001",
      originalInvoiceNumber: "TI2627000001",
      totalPaise: 100_000n,
    });
  });

  it("follows ticketing through the sweeps: one per invoice however many replicas run them", async () => {
    const h = bookingHarness({ balance: 100_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await h.service.createBooking(createRequest(), handlerContext())).bookingId);
    for (const id of ids) h.airline.ticket(id, "TICKETED");
    await Promise.all([h, h.replica(), h.replica(), h.replica()].map((r) => r.ticketing.run()));
    await h.ticketing.run();
    const issued = (await h.outbox.pending(500)).filter((e) => e.type === INVOICE_ISSUED);
    expect(issued.map((e) => e.data.booking_id).sort()).toEqual([...ids].sort());
    expect(new Set(issued.map((e) => e.data.invoice_number)).size).toBe(10);
  });
});
