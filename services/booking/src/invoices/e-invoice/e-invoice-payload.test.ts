import { readFileSync } from "node:fs";
import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  QuoteCancellationRequestSchema,
  ReasonCode,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest, type BookingHarness } from "../../testing/booking-harness.js";
import { AGENCY_GST } from "../../testing/invoice-fixtures.js";
import { newOffer } from "../../testing/new-offer.js";
import { handlerContext } from "../../testing/service-calls.js";
import type { Invoice } from "../invoice.js";
import { eInvoicePayload } from "./e-invoice-payload.js";
import { irnOf } from "./sandbox-submitter.js";

const schema = JSON.parse(readFileSync(new URL("./e-invoice-schema.json", import.meta.url), "utf8")) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

async function ticketed(gst: object | null = AGENCY_GST): Promise<{ h: BookingHarness; bookingId: string }> {
  const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
  const passengers = [adult(1, { firstName: "Arjun" }), adult(2, { firstName: "Meera" })];
  const { bookingId } = await h.service.createBooking(createRequest({ ...(gst && { gst }), passengers }), handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return { h, bookingId };
}

async function cancel(h: BookingHarness, bookingId: string, fields: Record<string, unknown> = {}) {
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

/** Every document of a lifecycle that has a supply of ours, with its payload checked against the schema. */
function expectValid(documents: readonly Invoice[]) {
  const withPayload = documents.filter((d) => eInvoicePayload(d) !== undefined);
  expect(withPayload.length).toBeGreaterThan(0);
  for (const d of withPayload) {
    const payload = eInvoicePayload(d);
    const valid = validate(payload);
    expect(validate.errors ?? [], `${d.invoiceNumber}: ${JSON.stringify(validate.errors)}`).toEqual([]);
    expect(valid).toBe(true);
    expect(JSON.parse(d.eInvoice?.payloadJson ?? "null")).toEqual(payload);
  }
  return withPayload;
}

describe("e-invoice payloads (INV-01, schema version 1.1)", () => {
  it("the schema refuses what the format refuses: a 17-character serial, a missing PIN, an unknown section", () => {
    const base = {
      Version: "1.1",
      TranDtls: { TaxSch: "GST", SupTyp: "B2B" },
      DocDtls: { Typ: "INV", No: "TI2627000001", Dt: "01/12/2026" },
    };
    const party = { Gstin: "29AAACT2727Q1ZS", LglNm: "Tarmac", Addr1: "Bengaluru", Loc: "Karnataka", Pin: 560025, Stcd: "29" };
    const item = {
      SlNo: "1",
      IsServc: "Y",
      HsnCd: "998551",
      UnitPrice: 100,
      TotAmt: 100,
      AssAmt: 100,
      GstRt: 18,
      IgstAmt: 18,
      TotItemVal: 118,
    };
    const good = {
      ...base,
      SellerDtls: party,
      BuyerDtls: { ...party, Gstin: "27AAPFU0939F1ZV", Stcd: "27", Pos: "27" },
      ItemList: [item],
      ValDtls: { AssVal: 100, TotInvVal: 118 },
    };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, DocDtls: { ...good.DocDtls, No: "TI/2026-27/000003" } })).toBe(false);
    expect(validate({ ...good, SellerDtls: { ...party, Pin: undefined } })).toBe(false);
    expect(validate({ ...good, EwbDtls: {} })).toBe(false);
    expect(validate({ ...good, ItemList: [] })).toBe(false);
  });

  it("a B2B tax invoice, its refund's credit note and the fee's debit note validate, and each is registered with the sandbox", async () => {
    const { h, bookingId } = await ticketed();
    await cancel(h, bookingId);
    const documents = await h.invoices.forBooking(bookingId);
    const kinds = expectValid(documents).map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(["TAX_INVOICE", "CREDIT_NOTE", "DEBIT_NOTE"]));
    for (const d of documents.filter((x) => x.eInvoice)) {
      expect(d.eInvoice).toMatchObject({ status: "REGISTERED", submitter: "SANDBOX" });
      const payload = eInvoicePayload(d)!;
      expect(d.eInvoice?.irn).toBe(irnOf("29AAACT2727Q1ZS", d.financialYear, payload.DocDtls.Typ, d.invoiceNumber));
      expect(d.eInvoice?.irn).toMatch(/^[0-9a-f]{64}$/);
    }
    const note = documents.find((d) => d.kind === "CREDIT_NOTE")!;
    const invoice = documents.find((d) => d.kind === "TAX_INVOICE")!;
    expect(eInvoicePayload(note)?.RefDtls?.PrecDocDtls).toEqual([
      { InvNo: invoice.invoiceNumber, InvDt: eInvoicePayload(invoice)?.DocDtls.Dt },
    ]);
  });

  it("the payload's values are the document's supplies: items add up to ValDtls, pure-agent amounts left out", async () => {
    const { h, bookingId } = await ticketed();
    const [invoice] = await h.invoices.forBooking(bookingId);
    const payload = eInvoicePayload(invoice!)!;
    const paise = (rupees: number) => Math.round(rupees * 100);
    const items = (pick: (i: (typeof payload.ItemList)[number]) => number) => payload.ItemList.reduce((s, i) => s + paise(pick(i)), 0);
    expect(paise(payload.ValDtls.AssVal)).toBe(invoice!.totals!.taxableValuePaise);
    expect(items((i) => i.AssAmt)).toBe(invoice!.totals!.taxableValuePaise);
    expect(items((i) => i.IgstAmt)).toBe(invoice!.totals!.igstPaise);
    expect(paise(payload.ValDtls.TotInvVal)).toBe(invoice!.totals!.supplyValuePaise);
    expect(paise(payload.ValDtls.TotInvVal)).toBeLessThan(invoice!.totalPaise);
    expect(payload.BuyerDtls).toMatchObject({ Gstin: AGENCY_GST.gstin, Pos: "27", Stcd: "27", Pin: 400069 });
  });

  it("a reschedule's debit note validates; an unregistered agency's documents have no e-invoice", async () => {
    const { h, bookingId } = await ticketed();
    h.clock.advance(60_000);
    const newOfferId = newOffer(h, 900_000);
    await h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId, reasonCode: ReasonCode.SCHEDULE_CHANGE } as never);
    await h.service.confirmReschedule({ agentId: AGENT, bookingId } as never);
    expect(expectValid(await h.invoices.forBooking(bookingId)).map((d) => d.kind)).toContain("DEBIT_NOTE");

    const b2c = await ticketed(null);
    const documents = await b2c.h.invoices.forBooking(b2c.bookingId);
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.map((d) => [eInvoicePayload(d), d.eInvoice])).toEqual(documents.map(() => [undefined, undefined]));
  });
});
