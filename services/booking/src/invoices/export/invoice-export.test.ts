import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  QuoteCancellationRequestSchema,
  ReasonCode,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest, type BookingHarness } from "../../testing/booking-harness.js";
import { AGENCY_GST } from "../../testing/invoice-fixtures.js";
import { handlerContext } from "../../testing/service-calls.js";
import { documentTotals, monthRange } from "./invoice-export.js";

async function book(h: BookingHarness, gst: object | null) {
  const passengers = [adult(1, { firstName: "Arjun" }), adult(2, { firstName: "Meera" })];
  const { bookingId } = await h.service.createBooking(createRequest({ ...(gst && { gst }), passengers }), handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return bookingId;
}

async function cancel(h: BookingHarness, bookingId: string) {
  const request = { agentId: AGENT, bookingId, reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };
  await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, request));
  await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...request, idempotencyKey: "" }));
}

/** What the wallet took for these bookings less what it gave back. */
function walletNet(h: BookingHarness): number {
  const debits = [...h.wallet.holds].filter(([, hold]) => hold.state === "CAPTURED").reduce((sum, [, hold]) => sum + hold.amount, 0);
  const credits = [...h.wallet.credits].reduce((sum, [, amount]) => sum + amount, 0);
  return debits - credits;
}

const month = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 7);

describe("monthly export of invoices and notes", () => {
  it("its rows add up to the month's documents, and to what the wallet moved, per tax head; TDS rows to the commission", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    const b2b = await book(h, AGENCY_GST);
    await cancel(h, b2b);
    await book(h, AGENCY_GST);
    await book(h, null);
    const documents = await h.invoices.issuedBetween(new Date(0), new Date(8.64e15));
    const period = month(documents[0]!.issuedAt);
    expect(documents.every((d) => month(d.issuedAt) === period)).toBe(true);

    const gstr1 = await h.service.exportInvoices({ agentId: AGENT, month: period, kind: "GSTR1" } as never);
    const expected = documentTotals(documents);
    const t = gstr1.totals!;
    expect(t.documents).toBe(documents.length);
    expect(Number(t.documentValuePaise)).toBe(expected.documentValuePaise);
    expect(Number(t.documentValuePaise)).toBe(walletNet(h));
    expect([t.taxableValuePaise, t.igstPaise, t.cgstPaise, t.sgstPaise].map(Number)).toEqual([
      expected.taxableValuePaise,
      expected.igstPaise,
      expected.cgstPaise,
      expected.sgstPaise,
    ]);
    expect(expected.igstPaise).toBeGreaterThan(0);
    expect(expected.cgstPaise).toBeGreaterThan(0);

    const sections = new Set(gstr1.gstRows.map((r) => r.section));
    expect(sections).toEqual(new Set(["B2B", "B2CS", "CDNR", "HSN"]));
    // The rows as a reader adds them: B2B and CDNR (credit notes subtracted), B2CS as they stand; HSN the same again by SAC.
    const net = (section: string[]) =>
      gstr1.gstRows
        .filter((r) => section.includes(r.section))
        .reduce((s, r) => s + (r.documentType === "CREDIT_NOTE" ? -1 : 1) * Number(r.taxableValuePaise), 0);
    expect(net(["B2B", "CDNR", "B2CS"])).toBe(expected.taxableValuePaise);
    expect(net(["HSN"])).toBe(expected.taxableValuePaise);
    for (const r of gstr1.gstRows.filter((x) => x.section === "B2B" || x.section === "CDNR"))
      expect(r.recipientGstin).toBe(AGENCY_GST.gstin);
    const csvLines = gstr1.csv.trimEnd().split("\r\n");
    expect(csvLines.length).toBe(gstr1.gstRows.length + 1);
    expect(csvLines[0]).toMatch(/^section,agent_id,recipient_gstin/);

    const tds = await h.service.exportInvoices({ agentId: AGENT, month: period, kind: "TDS" } as never);
    expect(Number(tds.totals!.tdsPaise)).toBe(tds.tdsRows.reduce((s, r) => s + Number(r.tdsPaise), 0));
    expect(Number(tds.totals!.tdsPaise)).toBe(expected.tdsPaise);
    expect(Number(tds.totals!.tdsPaise)).toBeGreaterThan(0);
    expect(tds.tdsRows.filter((r) => r.deducteePan !== "").every((r) => r.deducteePan === AGENCY_GST.gstin.slice(2, 12))).toBe(true);
  });

  it("takes India's calendar month, leaves other agencies' and months' documents out, and refuses a malformed month", async () => {
    expect(monthRange("2026-12")).toEqual({ from: new Date("2026-11-30T18:30:00Z"), to: new Date("2026-12-31T18:30:00Z") });
    expect(monthRange("2026-13")).toBeUndefined();
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    await book(h, AGENCY_GST);
    const [document] = await h.invoices.issuedBetween(new Date(0), new Date(8.64e15));
    const period = month(document!.issuedAt);
    const other = await h.service.exportInvoices({ agentId: "agt_other", month: period, kind: "GSTR1" } as never);
    expect(other.totals?.documents).toBe(0);
    const [y, m] = period.split("-").map(Number);
    const next = `${m === 12 ? y! + 1 : y}-${String((m! % 12) + 1).padStart(2, "0")}`;
    expect((await h.service.exportInvoices({ agentId: AGENT, month: next, kind: "GSTR1" } as never)).totals?.documents).toBe(0);
    await expect(h.service.exportInvoices({ agentId: AGENT, month: "2026-7", kind: "GSTR1" } as never)).rejects.toThrow(/month/);
    await expect(h.service.exportInvoices({ agentId: AGENT, month: period, kind: "GSTR3B" } as never)).rejects.toThrow(/kind/);
  });
});
