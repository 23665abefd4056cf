import { paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import type { ServiceClients } from "../../clients.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { invoiceJson } from "./invoice-json.js";
import { renderInvoicePdf } from "./invoice-pdf.js";
import {
  invoiceExportRequestSchema,
  invoiceExportResponseSchema,
  invoiceGetRequestSchema,
  invoiceListRequestSchema,
  invoiceListResponseSchema,
  invoicePdfResponseSchema,
  invoiceSchema,
  type InvoiceExportBody,
  type InvoiceGetBody,
  type InvoiceListBody,
} from "./schemas.js";

export interface InvoiceRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

/** POST /invoices/list, /get, /pdf and /export: the agency's tax invoices, credit and debit notes (scope flight.book, like bookings). */
export const invoiceRoutes: FastifyPluginAsync<InvoiceRoutesOptions> = async (app, { booking }) => {
  app.post(
    "/invoices/list",
    {
      schema: operation(PRIMARY, {
        operationId: "listInvoices",
        tags: ["invoices"],
        summary: "List the agent's invoices, credit and debit notes, newest first",
        description:
          "The calling agent's GST documents, newest first: a tax invoice per booking at ticketing, a credit note per refund, " +
          "a debit note per paid reschedule and per addition of baggage and meals after ticketing (API guide, GST and invoices). Optional `booking_id` and `financial_year`. " +
          "`page_size` 1 to 100 (default 20); send `cursor` back for the next page. Scope `flight.book`.",
        body: invoiceListRequestSchema,
        success: { schema: invoiceListResponseSchema, description: "A page of documents; `cursor` is null on the last page." },
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: InvoiceListBody }>) => {
      const body = request.body;
      const response = await booking.listInvoices({
        agentId: callerOf(request).agentId,
        bookingId: body.booking_id ?? "",
        financialYear: body.financial_year ?? "",
        pageSize: body.page_size ?? 0,
        pageToken: body.cursor ?? "",
      });
      return {
        invoices: response.invoices.map(invoiceJson),
        count: response.invoices.length,
        cursor: response.nextPageToken === "" ? null : response.nextPageToken,
      };
    },
  );

  const getInvoice = async (request: FastifyRequest<{ Body: InvoiceGetBody }>) => {
    const { invoice } = await booking.getInvoice({ agentId: callerOf(request).agentId, invoiceNumber: request.body.invoice_number });
    if (!invoice) throw new Error("booking answered GetInvoice without the invoice");
    return invoiceJson(invoice);
  };

  app.post(
    "/invoices/get",
    {
      schema: operation(PRIMARY, {
        operationId: "getInvoice",
        tags: ["invoices"],
        summary: "One invoice, credit or debit note as JSON",
        description:
          "The calling agent's document by its number; another agency's answers 404 BOOKING_INVOICE_NOT_FOUND. Scope `flight.book`.",
        body: invoiceGetRequestSchema,
        success: { schema: invoiceSchema, description: "The document." },
        errors: ["BOOKING_INVOICE_NOT_FOUND"],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    getInvoice,
  );

  app.post(
    "/invoices/pdf",
    {
      schema: operation(PRIMARY, {
        operationId: "getInvoicePdf",
        tags: ["invoices"],
        summary: "One invoice, credit or debit note as a PDF",
        description:
          "The document rendered as an A4 PDF with the platform's and the agency's details and GSTINs, one row per passenger, " +
          "in JSON as Base64 (`content_base64`) so it carries the same envelope, request id and errors as every answer. " +
          "Scope `flight.book`.",
        body: invoiceGetRequestSchema,
        success: { schema: invoicePdfResponseSchema, description: "The PDF, Base64-encoded." },
        errors: ["BOOKING_INVOICE_NOT_FOUND"],
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: InvoiceGetBody }>) => {
      const invoice = await getInvoice(request);
      const pdf = await renderInvoicePdf(invoice);
      return {
        invoice_number: invoice.invoice_number,
        content_type: "application/pdf" as const,
        filename: `${invoice.invoice_number.replaceAll("/", "-")}.pdf`,
        content_base64: pdf.toString("base64"),
      };
    },
  );

  app.post(
    "/invoices/export",
    {
      schema: operation(PRIMARY, {
        operationId: "exportInvoices",
        tags: ["invoices"],
        summary: "A month's invoices and notes for the GST return, or the TDS withheld",
        description:
          "The calling agent's documents issued in `month` (India's calendar): `kind: gstr1` as GSTR-1 asks for them (B2B invoices, " +
          "credit and debit notes (CDNR), unregistered B2CS totals, the SAC summary), `kind: tds` the commission and TDS withheld " +
          "under section 194H per document. `format: json` (default) answers `rows` with amounts in paise; `format: csv` answers " +
          "the same rows as CSV in `content`. `totals` add the rows up, credit notes subtracted: `document_value_paise` is the " +
          "wallet's net movement for the month's documents. Scope `flight.book`.",
        body: invoiceExportRequestSchema,
        success: { schema: invoiceExportResponseSchema, description: "The month's rows and their totals." },
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: InvoiceExportBody }>) => {
      const { month, kind } = request.body;
      const format = request.body.format ?? "json";
      const answer = await booking.exportInvoices({ agentId: callerOf(request).agentId, month, kind: kind.toUpperCase() });
      const n = (v: bigint) => paiseFromProto(v);
      const t = answer.totals;
      const totals = {
        documents: t?.documents ?? 0,
        taxable_value_paise: n(t?.taxableValuePaise ?? 0n),
        igst_paise: n(t?.igstPaise ?? 0n),
        cgst_paise: n(t?.cgstPaise ?? 0n),
        sgst_paise: n(t?.sgstPaise ?? 0n),
        document_value_paise: n(t?.documentValuePaise ?? 0n),
        gross_commission_paise: n(t?.grossCommissionPaise ?? 0n),
        tds_paise: n(t?.tdsPaise ?? 0n),
      };
      const common = { month, kind, format, filename: `${kind}-${month}.${format}`, totals };
      if (format === "csv") return { ...common, content_type: "text/csv" as const, rows: [], content: answer.csv };
      const rows =
        kind === "tds"
          ? answer.tdsRows.map((r) => ({
              deductee_pan: r.deducteePan,
              document_number: r.documentNumber,
              document_type: r.documentType,
              document_date: r.documentDate,
              booking_id: r.bookingId,
              gross_commission_paise: n(r.grossCommissionPaise),
              tds_paise: n(r.tdsPaise),
            }))
          : answer.gstRows.map((r) => ({
              section: r.section,
              recipient_gstin: r.recipientGstin,
              recipient_name: r.recipientName,
              document_number: r.documentNumber,
              document_type: r.documentType,
              document_date: r.documentDate,
              original_invoice_number: r.originalInvoiceNumber,
              place_of_supply: r.placeOfSupply,
              reverse_charge: r.reverseCharge,
              sac: r.sac,
              rate_bps: r.rateBps,
              document_value_paise: n(r.documentValuePaise),
              taxable_value_paise: n(r.taxableValuePaise),
              igst_paise: n(r.igstPaise),
              cgst_paise: n(r.cgstPaise),
              sgst_paise: n(r.sgstPaise),
              quantity: r.quantity,
            }));
      return { ...common, content_type: "application/json" as const, rows, content: null };
    },
  );
};
