import { CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { create } from "@bufbuild/protobuf";
import {
  GetInvoiceRequestSchema,
  InvoiceKind,
  ListInvoicesRequestSchema,
  type GetInvoiceRequest,
  type ListInvoicesRequest,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { failureOf } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest, NET_FARE, type BookingHarness } from "../testing/booking-harness.js";
import { newOffer } from "../testing/new-offer.js";
import { handlerContext } from "../testing/service-calls.js";
import { confirmAddition, quoteAddition, tokenOf } from "../testing/addition-calls.js";

const gst = { gstin: "27AAPFU0939F1ZV", registeredName: "Sky Travels LLP", address: "Andheri East, Mumbai", email: "gst@sky.example" };
const listRequest = (r: Partial<Omit<ListInvoicesRequest, "$typeName">>) => create(ListInvoicesRequestSchema, r);
const getRequest = (r: Partial<Omit<GetInvoiceRequest, "$typeName">>) => create(GetInvoiceRequestSchema, r);
const cancellation = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

async function ticketed(h: BookingHarness, overrides: Record<string, unknown> = {}): Promise<string> {
  const { bookingId } = await h.service.createBooking(createRequest({ gst, ...overrides }), handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return bookingId;
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

describe("invoices over a booking's life", () => {
  it("add up to the wallet's movements: tax invoice at ticketing, debit note per reschedule, credit note on the refund", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    const bookingId = await ticketed(h, { passengers: [adult(1), adult(2, { firstName: "Meera" })] });
    const list = async () => (await h.service.listInvoices(listRequest({ agentId: AGENT, bookingId }))).invoices;
    const [invoice] = await list();
    expect(invoice).toMatchObject({ kind: InvoiceKind.TAX_INVOICE, invoiceNumber: "TI2627000001", gstKind: "IGST", sac: "998551" });
    expect(invoice!.totalPaise).toBe(BigInt(NET_FARE));
    expect(invoice!.lines.map((l) => [l.paxId, l.passengerName])).toEqual([
      ["ADT1", "MR Arjun Mehta"],
      ["ADT2", "MR Meera Mehta"],
    ]);
    expect(invoice!.lines.reduce((sum, l) => sum + l.totalPaise, 0n)).toBe(invoice!.totalPaise);
    expect(invoice!.lines.reduce((sum, l) => sum + l.igstPaise, 0n)).toBe(4_576n);
    expect(invoice!.recipient).toMatchObject({ gstin: gst.gstin, stateCode: "27", name: gst.registeredName });
    expect(invoice!.supplier).toMatchObject({ gstin: "29AAACT2727Q1ZS", stateCode: "29" });
    expect(walletNet(h, bookingId)).toBe(NET_FARE);

    // A repeated ticketing run issues nothing new.
    await h.ticketing.run();
    expect(await list()).toHaveLength(1);

    h.clock.advance(60_000);
    const offerId = newOffer(h, NET_FARE + 100_000);
    await h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: offerId, reasonCode: ReasonCode.SCHEDULE_CHANGE } as never);
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    h.clock.advance(60_000);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);
    await h.service.confirmCancellation({ agentId: AGENT, bookingId, ...cancellation } as never);

    const documents = await list();
    // The cancellation's refund: a credit note, and a debit note for the cancellation fee kept.
    expect(documents.map((d) => [d.kind, d.invoiceNumber, d.originalInvoiceNumber]).sort()).toEqual(
      [
        [InvoiceKind.CREDIT_NOTE, "CN2627000001", "TI2627000001"],
        [InvoiceKind.DEBIT_NOTE, "DN2627000001", "TI2627000001"],
        [InvoiceKind.DEBIT_NOTE, "DN2627000002", "TI2627000001"],
        [InvoiceKind.TAX_INVOICE, "TI2627000001", ""],
      ].sort(),
    );
    for (const d of documents) expect(d.lines.reduce((sum, l) => sum + l.totalPaise, 0n)).toBe(d.totalPaise);
    const signed = documents.reduce((sum, d) => sum + (d.kind === InvoiceKind.CREDIT_NOTE ? -d.totalPaise : d.totalPaise), 0n);
    expect(Number(signed)).toBe(walletNet(h, bookingId));
    expect(walletNet(h, bookingId)).toBeGreaterThan(0);
  });

  it("charges an addition's debit note to the passenger who bought it, the total the wallet debit", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    const bookingId = await ticketed(h, { passengers: [adult(1), adult(2, { firstName: "Meera" })] });
    const offered = await quoteAddition(h, bookingId);
    const added = await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "XBAG10", "ADT2"), quantity: 1 }], "add-adt2");
    const debit = [...h.wallet.holds].find(([reference]) => reference.includes(added.additionId))![1];
    expect(debit).toMatchObject({ amount: 450_000, state: "CAPTURED" });
    const documents = (await h.service.listInvoices(listRequest({ agentId: AGENT, bookingId }))).invoices;
    const note = documents.find((d) => d.kind === InvoiceKind.DEBIT_NOTE)!;
    expect(note.lines.map((l) => [l.paxId, Number(l.otherPaise), Number(l.totalPaise)])).toEqual([
      ["ADT1", 0, 0],
      ["ADT2", 450_000, 450_000],
    ]);
    expect(note.totalPaise).toBe(BigInt(debit.amount));
  });

  it("documents a reschedule that ends in a credit: a debit note for its charges (fee with GST), a credit note for the dropped items", async () => {
    const h = bookingHarness();
    const bookingId = await ticketed(h);
    const offered = await quoteAddition(h, bookingId);
    await confirmAddition(h, bookingId, [{ ancillaryToken: tokenOf(offered, "XBAG10"), quantity: 1 }], "add-1");
    h.airline.offerExtras = [];
    const q = await h.service.quoteReschedule({
      agentId: AGENT,
      bookingId,
      newOfferId: newOffer(h, NET_FARE),
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
    } as never);
    expect([q.refundPaise > 0n, q.totalPayablePaise]).toEqual([true, 0n]);
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    const documents = (await h.service.listInvoices(listRequest({ agentId: AGENT, bookingId }))).invoices;
    // The tax invoice, the addition's debit note, and the reschedule's debit note and credit note.
    expect(documents.map((d) => d.kind).sort()).toEqual(
      [InvoiceKind.TAX_INVOICE, InvoiceKind.DEBIT_NOTE, InvoiceKind.DEBIT_NOTE, InvoiceKind.CREDIT_NOTE].sort(),
    );
    const charges = q.fareDifferencePaise + q.airlineChangeFeePaise + q.otaFeePaise;
    const debit = documents.find((d) => d.kind === InvoiceKind.DEBIT_NOTE && d.reason.startsWith("Reschedule"))!;
    expect(debit.totalPaise).toBe(charges);
    const sum = (pick: (l: (typeof debit.lines)[number]) => bigint) => debit.lines.reduce((s, l) => s + pick(l), 0n);
    // The platform fee shows as service fee plus GST (and a round-off of at most 2 paise); the rest (fare difference, airline fee) as a non-negative `other`.
    const feeShown = sum((l) => l.serviceFeePaise + l.cgstPaise + l.sgstPaise + l.igstPaise);
    expect(q.otaFeePaise - feeShown).toBeGreaterThanOrEqual(0n);
    expect(q.otaFeePaise - feeShown).toBeLessThanOrEqual(2n * BigInt(debit.lines.length));
    expect(debit.supplies.map((s) => [s.kind, s.sac])).toEqual([["RESCHEDULE_FEE", "998551"]]);
    expect(debit.supplies.reduce((t, s) => t + s.considerationPaise, 0n)).toBe(q.otaFeePaise);
    expect(sum((l) => l.serviceFeePaise)).toBeGreaterThan(0n);
    for (const l of debit.lines) expect(l.otherPaise).toBeGreaterThanOrEqual(0n);
    const credit = documents.find((d) => d.kind === InvoiceKind.CREDIT_NOTE)!;
    expect(credit.totalPaise).toBe(q.itemsRefundPaise);
    expect(credit.totalPaise - debit.totalPaise).toBe(q.refundPaise);
    const signed = documents.reduce((sum, d) => sum + (d.kind === InvoiceKind.CREDIT_NOTE ? -d.totalPaise : d.totalPaise), 0n);
    expect(Number(signed)).toBe(walletNet(h, bookingId));
    expect(walletNet(h, bookingId)).toBe((await h.store.get(bookingId))!.debitPaise);
  });

  it("issues nothing for a booking never ticketed, and only the agent's own documents are found", async () => {
    const h = bookingHarness();
    const { bookingId } = await h.service.createBooking(createRequest(), handlerContext());
    h.airline.ticket(bookingId, "TICKETING_FAILED");
    await h.ticketing.run();
    expect((await h.service.listInvoices(listRequest({ agentId: AGENT }))).invoices).toEqual([]);
    const other = await ticketed(h);
    const [mine] = (await h.service.listInvoices(listRequest({ agentId: AGENT, bookingId: other }))).invoices;
    expect((await h.service.getInvoice(getRequest({ agentId: AGENT, invoiceNumber: mine!.invoiceNumber }))).invoice).toEqual(mine);
    const foreign = await failureOf(h.service.getInvoice(getRequest({ agentId: "agt_other", invoiceNumber: mine!.invoiceNumber })));
    expect(foreign.code).toBe("BOOKING_INVOICE_NOT_FOUND");
    expect((await h.service.listInvoices(listRequest({ agentId: "agt_other" }))).invoices).toEqual([]);
  });

  it("numbers 50 bookings ticketed at once by 5 replicas 1 to 50, gap-free", async () => {
    const h = bookingHarness({ balance: 100_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await h.service.createBooking(createRequest(), handlerContext())).bookingId);
    for (const id of ids) h.airline.ticket(id, "TICKETED");
    const replicas = [h, ...Array.from({ length: 4 }, () => h.replica())];
    await Promise.all(replicas.map((r) => r.ticketing.run()));
    await h.ticketing.run();
    const invoices = [];
    let pageToken = "";
    do {
      const page = await h.service.listInvoices(listRequest({ agentId: AGENT, pageSize: 7, pageToken }));
      invoices.push(...page.invoices);
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
    expect(invoices.map((i) => i.bookingId).sort()).toEqual([...ids].sort());
    expect(invoices.map((i) => i.invoiceNumber).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `TI2627${String(i + 1).padStart(6, "0")}`),
    );
  });

  it("refuses a malformed financial year or cursor on the list, naming the agency's field", async () => {
    const h = bookingHarness();
    const bad = await failureOf(h.service.listInvoices(listRequest({ agentId: AGENT, financialYear: "2026-28", pageToken: "" })));
    expect(bad.errors.map((e) => e.field)).toEqual(["financial_year"]);
    const forged = await failureOf(h.service.listInvoices(listRequest({ agentId: AGENT, financialYear: "", pageToken: "abc" })));
    expect(forged.errors.map((e) => e.field)).toEqual(["cursor"]);
  });
});
