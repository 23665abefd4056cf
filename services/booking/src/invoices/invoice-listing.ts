import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, validationFailed, type Signer } from "@tarmac/kernel";
import {
  GetInvoiceResponseSchema,
  ListInvoicesResponseSchema,
  type ExportInvoicesRequest,
  type ExportInvoicesResponse,
  type GetInvoiceRequest,
  type GetInvoiceResponse,
  type ListInvoicesRequest,
  type ListInvoicesResponse,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { toProtoInvoice } from "./invoice-proto.js";
import { exportInvoices } from "./export/export-answer.js";
import type { InvoiceStore } from "./invoice-store.js";

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;
const DEFAULT_PAGE = 20;

interface Cursor {
  readonly a: string;
  readonly t: number;
  readonly n: string;
  readonly b?: string;
  readonly y?: string;
}

/** ListInvoices and GetInvoice: an agent sees its own documents only; another's answers like none. */
export class InvoiceListing {
  constructor(
    private readonly store: InvoiceStore,
    private readonly cursors: Signer,
  ) {}

  async list(request: ListInvoicesRequest): Promise<ListInvoicesResponse> {
    const errors = [];
    if (request.agentId === "") errors.push(fieldError("agent_id", "REQUIRED", "agent_id is required"));
    const fy = FINANCIAL_YEAR.exec(request.financialYear);
    if (request.financialYear !== "" && (!fy || (Number(fy[1]) + 1) % 100 !== Number(fy[2])))
      errors.push(fieldError("financial_year", "INVALID_FORMAT", "must be a financial year like 2026-27"));
    if (request.pageSize < 0 || request.pageSize > 100) errors.push(fieldError("page_size", "OUT_OF_RANGE", "must be 1 to 100"));
    if (errors.length > 0) throw validationFailed(errors);
    let filters = { bookingId: request.bookingId || undefined, financialYear: request.financialYear || undefined };
    let before: { issuedAt: Date; invoiceNumber: string } | undefined;
    if (request.pageToken !== "") {
      const c = this.cursors.verify(request.pageToken) as Cursor | undefined;
      if (typeof c?.a !== "string" || c.a !== request.agentId || typeof c.t !== "number" || typeof c.n !== "string")
        throw validationFailed([
          // The agency's name for it (invoices/list's `cursor`), as booking/list and refunds name theirs: page_token is this RPC's.
          fieldError("cursor", "INVALID_VALUE", "is not a valid invoice list cursor; request the first page again"),
        ]);
      before = { issuedAt: new Date(c.t), invoiceNumber: c.n };
      filters = { bookingId: c.b, financialYear: c.y };
    }
    const limit = request.pageSize || DEFAULT_PAGE;
    const rows = await this.store.list({ agentId: request.agentId, ...filters, before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next: Cursor | undefined =
      rows.length > limit && last
        ? {
            a: request.agentId,
            t: last.issuedAt.getTime(),
            n: last.invoiceNumber,
            ...(filters.bookingId && { b: filters.bookingId }),
            ...(filters.financialYear && { y: filters.financialYear }),
          }
        : undefined;
    return create(ListInvoicesResponseSchema, {
      invoices: page.map(toProtoInvoice),
      nextPageToken: next ? this.cursors.sign(next) : "",
    });
  }

  /** ExportInvoices (export/export-answer.ts). */
  export(request: ExportInvoicesRequest): Promise<ExportInvoicesResponse> {
    return exportInvoices(this.store, request);
  }

  async get(request: GetInvoiceRequest): Promise<GetInvoiceResponse> {
    const missing = [
      ...(request.agentId === "" ? [fieldError("agent_id", "REQUIRED", "agent_id is required")] : []),
      ...(request.invoiceNumber === "" ? [fieldError("invoice_number", "REQUIRED", "invoice_number is required")] : []),
    ];
    if (missing.length > 0) throw validationFailed(missing);
    const invoice = await this.store.get(request.invoiceNumber);
    if (invoice?.agentId !== request.agentId) {
      throw new DomainError("BOOKING_INVOICE_NOT_FOUND", `No invoice ${request.invoiceNumber}`);
    }
    return create(GetInvoiceResponseSchema, { invoice: toProtoInvoice(invoice) });
  }
}
