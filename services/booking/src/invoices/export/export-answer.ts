import { create } from "@bufbuild/protobuf";
import { fieldError, paiseToProto, validationFailed } from "@tarmac/kernel";
import {
  ExportInvoicesResponseSchema,
  type ExportInvoicesRequest,
  type ExportInvoicesResponse,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import type { InvoiceStore } from "../invoice-store.js";
import { exportCsv, exportTotals, gstr1Rows, monthRange, tdsRows, type ExportKind } from "./invoice-export.js";

const KINDS: readonly ExportKind[] = ["GSTR1", "TDS"];

/** ExportInvoices: the month's documents of one agency (or, for the admin CLI, every agency) as rows, totals and CSV. */
export async function exportInvoices(store: InvoiceStore, request: ExportInvoicesRequest): Promise<ExportInvoicesResponse> {
  const range = monthRange(request.month);
  const kind = KINDS.find((k) => k === request.kind);
  const errors = [
    ...(range ? [] : [fieldError("month", "INVALID_FORMAT", "must be a month like 2026-12")]),
    ...(kind ? [] : [fieldError("kind", "INVALID_VALUE", "must be GSTR1 or TDS")]),
  ];
  if (!range || !kind) throw validationFailed(errors);
  const documents = await store.issuedBetween(range.from, range.to, request.agentId === "" ? undefined : request.agentId);
  const gst = kind === "GSTR1" ? gstr1Rows(documents) : [];
  const tds = tdsRows(documents);
  const totals = exportTotals(documents.length, kind === "GSTR1" ? gst : gstr1Rows(documents), tds);
  const p = paiseToProto;
  return create(ExportInvoicesResponseSchema, {
    month: request.month,
    kind,
    gstRows: gst.map((r) => ({
      ...r,
      documentValuePaise: p(r.documentValuePaise),
      taxableValuePaise: p(r.taxableValuePaise),
      igstPaise: p(r.igstPaise),
      cgstPaise: p(r.cgstPaise),
      sgstPaise: p(r.sgstPaise),
    })),
    tdsRows: kind === "TDS" ? tds.map((r) => ({ ...r, grossCommissionPaise: p(r.grossCommissionPaise), tdsPaise: p(r.tdsPaise) })) : [],
    totals: {
      documents: totals.documents,
      taxableValuePaise: p(totals.taxableValuePaise),
      igstPaise: p(totals.igstPaise),
      cgstPaise: p(totals.cgstPaise),
      sgstPaise: p(totals.sgstPaise),
      documentValuePaise: p(totals.documentValuePaise),
      grossCommissionPaise: p(totals.grossCommissionPaise),
      tdsPaise: p(totals.tdsPaise),
    },
    csv: exportCsv(kind, gst, tds),
  });
}
