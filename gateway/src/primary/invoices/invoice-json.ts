import { paiseFromProto } from "@tarmac/kernel";
import { InvoiceKind, type Invoice, type InvoiceParty } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { isoText } from "../../json-values.js";

const orNull = (value: string) => (value === "" ? null : value);

function partyJson(p: InvoiceParty | undefined) {
  return {
    name: p?.name ?? "",
    gstin: orNull(p?.gstin ?? ""),
    address: orNull(p?.address ?? ""),
    state_code: orNull(p?.stateCode ?? ""),
    email: orNull(p?.email ?? ""),
  };
}

/** API guide, GST and invoices: one document. */
export function invoiceJson(i: Invoice) {
  return {
    invoice_number: i.invoiceNumber,
    kind: InvoiceKind[i.kind] as "TAX_INVOICE" | "CREDIT_NOTE" | "DEBIT_NOTE",
    booking_id: i.bookingId,
    pnr: i.pnr,
    issued_at: isoText(i.issuedAt),
    financial_year: i.financialYear,
    supplier: partyJson(i.supplier),
    recipient: partyJson(i.recipient),
    gst_kind: i.gstKind === "IGST" ? ("IGST" as const) : ("CGST_SGST" as const),
    sac: i.sac,
    lines: i.lines.map((l) => ({
      pax_id: l.paxId,
      passenger_name: l.passengerName,
      base_fare_paise: paiseFromProto(l.baseFarePaise),
      taxes_paise: paiseFromProto(l.taxesPaise),
      seats_paise: paiseFromProto(l.seatsPaise),
      service_fee_paise: paiseFromProto(l.serviceFeePaise),
      cgst_paise: paiseFromProto(l.cgstPaise),
      sgst_paise: paiseFromProto(l.sgstPaise),
      igst_paise: paiseFromProto(l.igstPaise),
      gross_commission_paise: paiseFromProto(l.grossCommissionPaise),
      tds_paise: paiseFromProto(l.tdsPaise),
      other_paise: paiseFromProto(l.otherPaise),
      total_paise: paiseFromProto(l.totalPaise),
    })),
    total_paise: paiseFromProto(i.totalPaise),
    currency: i.currency,
    original_invoice_number: orNull(i.originalInvoiceNumber),
    reason: i.reason,
  };
}

export type InvoiceJson = ReturnType<typeof invoiceJson>;
