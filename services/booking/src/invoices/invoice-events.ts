import { newEvent, type OutboxEvent } from "@tarmac/events";
import type { Invoice } from "./invoice.js";

/** The event type of every issued document (API guide, Events): tarmac.invoice.issued. */
export const INVOICE_ISSUED = "invoice.issued";

/**
 * invoice.issued (tarmac.events.v1 InvoiceIssuedEvent): the document's kind, number and booking,
 * and its totals, summed over its lines, all paise. Written by the invoice store in the step that
 * issues the document, so it is published once per document.
 */
export function invoiceIssuedEvent(invoice: Invoice): OutboxEvent {
  const sum = (pick: (l: Invoice["lines"][number]) => number) => invoice.lines.reduce((s, l) => s + pick(l), 0);
  return newEvent(
    INVOICE_ISSUED,
    invoice.agentId,
    {
      kind: invoice.kind,
      invoice_number: invoice.invoiceNumber,
      booking_id: invoice.bookingId,
      pnr: invoice.pnr,
      financial_year: invoice.financialYear,
      original_invoice_number: invoice.originalInvoiceNumber,
      recipient_gstin: invoice.recipient.gstin,
      gst_kind: invoice.gstKind,
      currency: invoice.currency,
      service_fee_paise: sum((l) => l.serviceFee),
      cgst_paise: sum((l) => l.cgst),
      sgst_paise: sum((l) => l.sgst),
      igst_paise: sum((l) => l.igst),
      tds_paise: sum((l) => l.tds),
      total_paise: invoice.totalPaise,
    },
    invoice.issuedAt,
  );
}
