import { newEvent, type OutboxEvent } from "@tarmac/events";
import { expect, it } from "vitest";
import type { Invoice, InvoiceDraft } from "./invoice.js";
import type { InvoiceStore } from "./invoice-store.js";

const party = { name: "Sky Travels", gstin: "27AAPFU0939F1ZV", address: "Mumbai", stateCode: "27", email: "ops@sky.example" };

function draft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return {
    kind: "TAX_INVOICE",
    bookingId: "bkg_1",
    sourceKey: "TICKETED",
    pnr: "ABC123",
    agentId: "agt_1",
    issuedAt: new Date("2026-12-01T10:00:00Z"),
    financialYear: "2026-27",
    supplier: { ...party, name: "Tarmac", gstin: "29AAACT2727Q1ZS", stateCode: "29" },
    recipient: party,
    gstKind: "IGST",
    lines: [],
    totalPaise: 100,
    currency: "INR",
    originalInvoiceNumber: "",
    reason: "ticketed",
    ...overrides,
  };
}

/** A store and the events its outbox holds (pending, oldest first). */
export interface InvoiceStoreUnderTest {
  readonly store: InvoiceStore;
  readonly events: () => Promise<OutboxEvent[]>;
}

const issuedEvent = (invoice: Invoice) => [
  newEvent("invoice.issued", invoice.agentId, { invoice_number: invoice.invoiceNumber }, invoice.issuedAt),
];

/** What every InvoiceStore adapter does (memory here; MongoDB when MONGODB_URI is set). */
export function invoiceStoreContract(openWithOutbox: () => Promise<InvoiceStoreUnderTest>): void {
  const open = async () => (await openWithOutbox()).store;

  it("writes the events of an issue once, by the call that issues it, however many race", async () => {
    const { store, events } = await openWithOutbox();
    const issued = await Promise.all(Array.from({ length: 10 }, () => store.issue(draft(), issuedEvent)));
    expect(new Set(issued.map((i) => i.invoiceNumber))).toEqual(new Set(["TI2627000001"]));
    await store.issue(draft({ kind: "CREDIT_NOTE", sourceKey: "REFUND" }), issuedEvent);
    await store.issue(draft({ kind: "CREDIT_NOTE", sourceKey: "REFUND" }), issuedEvent);
    expect((await events()).map((e) => e.data.invoice_number)).toEqual(["TI2627000001", "CN2627000001"]);
  });

  it("numbers 50 concurrent issues 1 to 50 with no gap and no repeat, each kind and year in its own series", async () => {
    const store = await open();
    const issued = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.issue(draft({ bookingId: `bkg_${String(i).padStart(2, "0")}` }))),
    );
    expect(issued.map((i) => i.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.invoiceNumber)).size).toBe(50);
    expect(issued.find((i) => i.sequence === 7)?.invoiceNumber).toBe("TI2627000007");
    expect((await store.issue(draft({ kind: "CREDIT_NOTE", sourceKey: "REFUND" }))).invoiceNumber).toBe("CN2627000001");
    expect((await store.issue(draft({ bookingId: "bkg_next", financialYear: "2027-28" }))).invoiceNumber).toBe("TI2728000001");
  });

  it("issues a source's document once: a repeat answers the first and uses no number", async () => {
    const store = await open();
    const [a, b] = await Promise.all([store.issue(draft()), store.issue(draft({ totalPaise: 999 }))]);
    expect(b).toEqual(a);
    expect(a.totalPaise).toBe(100);
    expect((await store.issue(draft({ bookingId: "bkg_2" }))).sequence).toBe(2);
    expect(await store.get(a.invoiceNumber)).toEqual(a);
    expect(await store.get("TI2627999999")).toBeUndefined();
  });

  it("lists an agent's documents newest first, by booking or financial year, a page at a time", async () => {
    const store = await open();
    const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 10, minute));
    await store.issue(draft({ bookingId: "bkg_a", issuedAt: at(1) }));
    await store.issue(draft({ bookingId: "bkg_b", issuedAt: at(2) }));
    await store.issue(draft({ bookingId: "bkg_a", sourceKey: "REFUND", kind: "CREDIT_NOTE", issuedAt: at(3) }));
    await store.issue(draft({ bookingId: "bkg_c", agentId: "agt_other", issuedAt: at(4) }));
    const all = await store.list({ agentId: "agt_1", limit: 10 });
    expect(all.map((i) => i.invoiceNumber)).toEqual(["CN2627000001", "TI2627000002", "TI2627000001"]);
    const page = await store.list({ agentId: "agt_1", limit: 2 });
    const rest = await store.list({ agentId: "agt_1", limit: 2, before: page.at(-1) });
    expect([...page, ...rest].map((i) => i.invoiceNumber)).toEqual(all.map((i) => i.invoiceNumber));
    expect((await store.list({ agentId: "agt_1", bookingId: "bkg_a", limit: 10 })).map((i) => i.kind)).toEqual([
      "CREDIT_NOTE",
      "TAX_INVOICE",
    ]);
    expect(await store.list({ agentId: "agt_1", financialYear: "2025-26", limit: 10 })).toEqual([]);
    expect((await store.forBooking("bkg_a")).length).toBe(2);
  });

  it("records a document's e-invoice, and keeps a registered IRN however often it is recorded again", async () => {
    const store = await open();
    const { invoiceNumber } = await store.issue(draft());
    const base = { payloadJson: "{}", ackNo: "", signedQrCode: "", submitter: "SANDBOX", error: "" };
    await store.recordEInvoice(invoiceNumber, { ...base, status: "PENDING", irn: "", error: "portal down" });
    expect((await store.get(invoiceNumber))?.eInvoice).toMatchObject({ status: "PENDING", error: "portal down" });
    const ackDate = new Date("2026-12-01T10:00:05Z");
    await store.recordEInvoice(invoiceNumber, { ...base, status: "REGISTERED", irn: "a".repeat(64), ackNo: "1", ackDate });
    await store.recordEInvoice(invoiceNumber, { ...base, status: "REGISTERED", irn: "b".repeat(64), ackNo: "2", ackDate });
    expect((await store.get(invoiceNumber))?.eInvoice).toMatchObject({ status: "REGISTERED", irn: "a".repeat(64), ackNo: "1", ackDate });
    expect((await store.forBooking("bkg_1"))[0]?.eInvoice?.irn).toBe("a".repeat(64));
  });

  it("answers the documents issued in a period, every agency's or one's, oldest first", async () => {
    const store = await open();
    const at = (iso: string) => new Date(iso);
    await store.issue(draft({ bookingId: "bkg_a", issuedAt: at("2026-11-30T18:29:59Z") }));
    await store.issue(draft({ bookingId: "bkg_b", issuedAt: at("2026-12-02T10:00:00Z"), agentId: "agt_2" }));
    await store.issue(draft({ bookingId: "bkg_c", issuedAt: at("2026-11-30T18:30:00Z") }));
    await store.issue(draft({ bookingId: "bkg_d", issuedAt: at("2026-12-31T18:30:00Z") }));
    const december = [at("2026-11-30T18:30:00Z"), at("2026-12-31T18:30:00Z")] as const;
    expect((await store.issuedBetween(...december)).map((i) => i.bookingId)).toEqual(["bkg_c", "bkg_b"]);
    expect((await store.issuedBetween(...december, "agt_1")).map((i) => i.bookingId)).toEqual(["bkg_c"]);
  });
}
