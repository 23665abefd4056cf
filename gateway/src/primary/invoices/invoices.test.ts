import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  ExportInvoicesResponseSchema,
  GetInvoiceResponseSchema,
  InvoiceKind,
  ListInvoicesResponseSchema,
  type ExportInvoicesRequest,
  type GetInvoiceRequest,
  type Invoice,
  type ListInvoicesRequest,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const post = (url: string, payload: unknown, key: string = keys.bookOnly) =>
  gateway.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(payload),
  });

const invoice = (agentId: string): Invoice =>
  create(ListInvoicesResponseSchema, {
    invoices: [
      {
        invoiceNumber: "TI/2026-27/000042",
        kind: InvoiceKind.TAX_INVOICE,
        bookingId: "bkg_1",
        pnr: "ABC234",
        agentId,
        issuedAt: { seconds: 1_800_000_000n },
        financialYear: "2026-27",
        supplier: { name: "Tarmac Travel Technologies Private Limited", gstin: "29AAACT2727Q1ZS", address: "Bengaluru", stateCode: "29" },
        recipient: { name: "Sky Travels LLP", gstin: "27AAPFU0939F1ZV", address: "Mumbai", stateCode: "27", email: "gst@sky.example" },
        gstKind: "IGST",
        sac: "998555",
        lines: [
          {
            paxId: "ADT1",
            passengerName: "MR Arjun Mehta",
            baseFarePaise: 700_000n,
            taxesPaise: 150_000n,
            serviceFeePaise: 25_424n,
            igstPaise: 4_576n,
            grossCommissionPaise: 20_408n,
            tdsPaise: 408n,
            totalPaise: 860_000n,
          },
        ],
        totalPaise: 860_000n,
        currency: "INR",
        placeOfSupply: { stateCode: "27", stateName: "Maharashtra", gstKind: "IGST" },
        supplies: [
          {
            kind: "SERVICE_FEE",
            description: "Air ticket reservation service fee: DEL-BOM 2026-12-01",
            sac: "998551",
            paxId: "ADT1",
            direction: "OUTBOUND",
            sector: "DEL-BOM",
            travelDate: "2026-12-01",
            ticketNumbers: ["0981234567890"],
            considerationPaise: 30_000n,
            taxableValuePaise: 25_423n,
            gstRateBps: 1800,
            igstRateBps: 1800,
            igstPaise: 4_576n,
            adjustmentPaise: 1n,
          },
        ],
        pureAgent: [
          {
            kind: "AIR_FARE",
            paxId: "ADT1",
            direction: "OUTBOUND",
            sector: "DEL-BOM",
            baseFarePaise: 700_000n,
            airlineTaxesPaise: 150_000n,
            airlineGstPaise: 35_000n,
            amountPaise: 850_000n,
          },
        ],
        reason: "Tickets issued",
      },
    ],
  }).invoices[0]!;

function fakeBooking(seen: { list: ListInvoicesRequest[]; get: GetInvoiceRequest[] }): FakeServices["booking"] {
  return {
    listInvoices(request) {
      seen.list.push(request);
      return create(ListInvoicesResponseSchema, {
        invoices: [invoice(request.agentId)],
        nextPageToken: request.pageToken === "" ? "p2" : "",
      });
    },
    getInvoice(request) {
      seen.get.push(request);
      if (request.invoiceNumber !== "TI/2026-27/000042") throw toConnectError(new DomainError("BOOKING_INVOICE_NOT_FOUND", "No invoice"));
      return create(GetInvoiceResponseSchema, { invoice: invoice(request.agentId) });
    },
  };
}

describe("POST /api/v1/invoices/*", () => {
  it("lists the agency's documents with the filters and cursor, amounts in paise", async () => {
    const seen = { list: [] as ListInvoicesRequest[], get: [] as GetInvoiceRequest[] };
    gateway = await testApp({ booking: fakeBooking(seen) });
    const res = await post("/api/v1/invoices/list", { booking_id: "bkg_1", financial_year: "2026-27", page_size: 5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, cursor: "p2" });
    expect(body.invoices[0]).toMatchObject({
      invoice_number: "TI/2026-27/000042",
      kind: "TAX_INVOICE",
      gst_kind: "IGST",
      total_paise: 860_000,
      original_invoice_number: null,
      supplier: { gstin: "29AAACT2727Q1ZS", email: null },
      place_of_supply: { state_code: "27", state_name: "Maharashtra", gst_kind: "IGST" },
      reverse_charge: false,
      supplies: [{ kind: "SERVICE_FEE", sac: "998551", taxable_value_paise: 25_423, igst_rate_bps: 1800, igst_paise: 4_576 }],
      pure_agent: [{ kind: "AIR_FARE", airline_gst_paise: 35_000, amount_paise: 850_000 }],
      totals: null,
    });
    expect(seen.list[0]).toMatchObject({ agentId: AGENT_ID, bookingId: "bkg_1", financialYear: "2026-27", pageSize: 5, pageToken: "" });
    const next = await post("/api/v1/invoices/list", { cursor: "p2" });
    expect(next.json().cursor).toBeNull();
  });

  it("answers 404 for a number the agency does not have, and 400 on a malformed financial year", async () => {
    gateway = await testApp({ booking: fakeBooking({ list: [], get: [] }) });
    expectEnvelope(await post("/api/v1/invoices/get", { invoice_number: "TI/2026-27/000001" }), "BOOKING_INVOICE_NOT_FOUND");
    const bad = await post("/api/v1/invoices/list", { financial_year: "2026" });
    expect(bad.statusCode).toBe(400);
  });

  it("renders a PDF that opens: pdftoppm draws it, and its text has the number, GSTINs and totals", async (context) => {
    gateway = await testApp({ booking: fakeBooking({ list: [], get: [] }) });
    const res = await post("/api/v1/invoices/pdf", { invoice_number: "TI/2026-27/000042" });
    expect(res.statusCode).toBe(200);
    const { content_type, filename, content_base64 } = res.json();
    expect([content_type, filename]).toEqual(["application/pdf", "TI-2026-27-000042.pdf"]);
    const pdf = Buffer.from(content_base64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const has = (tool: string) => {
      try {
        execFileSync(tool, ["-v"], { stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    };
    if (!has("pdftoppm") || !has("pdftotext")) {
      context.skip("pdftoppm or pdftotext is not installed (apt-get install -y poppler-utils): the PDF was not rendered");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "invoice-pdf-"));
    writeFileSync(join(dir, "invoice.pdf"), pdf);
    execFileSync("pdftoppm", ["-png", "-r", "50", join(dir, "invoice.pdf"), join(dir, "page")]);
    const pages = readdirSync(dir).filter((f) => f.endsWith(".png"));
    expect(pages.length).toBe(1);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "invoice.pdf"), "-"], { encoding: "utf8" });
    for (const expected of [
      "TAX INVOICE",
      "TI/2026-27/000042",
      "29AAACT2727Q1ZS",
      "27AAPFU0939F1ZV",
      "(ADT1); ticket 0981234567890",
      "Total (INR), debited from the recipient's wallet",
      "8600.00",
      "Rupees Eight Thousand Six Hundred Only",
      "Place of supply",
      "Maharashtra (27)",
    ])
      expect(text).toContain(expected);
  });

  it("exports the agency's month as JSON rows in paise or as CSV text, with the totals", async () => {
    const seen: ExportInvoicesRequest[] = [];
    gateway = await testApp({
      booking: {
        exportInvoices(request) {
          seen.push(request);
          return create(ExportInvoicesResponseSchema, {
            month: request.month,
            kind: request.kind,
            gstRows: [
              {
                section: "B2B",
                recipientGstin: "27AAPFU0939F1ZV",
                documentNumber: "TI2627000042",
                rateBps: 1800,
                taxableValuePaise: 25_423n,
                igstPaise: 4_576n,
              },
            ],
            tdsRows: [{ documentNumber: "TI2627000042", grossCommissionPaise: 20_408n, tdsPaise: 408n }],
            totals: { documents: 1, taxableValuePaise: 25_423n, igstPaise: 4_576n, documentValuePaise: 860_000n, tdsPaise: 408n },
            csv: "section,agent_id\r\nB2B,agt\r\n",
          });
        },
      },
    });
    const json = await post("/api/v1/invoices/export", { month: "2026-12", kind: "gstr1" });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({
      month: "2026-12",
      kind: "gstr1",
      format: "json",
      rows: [{ section: "B2B", document_number: "TI2627000042", rate_bps: 1800, taxable_value_paise: 25_423, igst_paise: 4_576 }],
      totals: { documents: 1, document_value_paise: 860_000, tds_paise: 408 },
    });
    expect(seen[0]).toMatchObject({ agentId: AGENT_ID, month: "2026-12", kind: "GSTR1" });
    const tds = await post("/api/v1/invoices/export", { month: "2026-12", kind: "tds" });
    expect(tds.json().rows).toEqual([
      expect.objectContaining({ document_number: "TI2627000042", gross_commission_paise: 20_408, tds_paise: 408 }),
    ]);
    const csv = await post("/api/v1/invoices/export", { month: "2026-12", kind: "gstr1", format: "csv" });
    expect(csv.json()).toMatchObject({
      content_type: "text/csv",
      filename: "gstr1-2026-12.csv",
      content: "section,agent_id\r\nB2B,agt\r\n",
    });
    expect((await post("/api/v1/invoices/export", { month: "2026-13", kind: "gstr1" })).statusCode).toBe(400);
  });
});
