import { paiseFromProto } from "@tarmac/kernel";
import {
  InvoiceKind,
  type Invoice,
  type InvoiceParty,
  type PureAgentLine,
  type SupplyLine,
} from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { isoText } from "../../json-values.js";

const orNull = (value: string) => (value === "" ? null : value);

function partyJson(p: InvoiceParty | undefined) {
  return {
    name: p?.name ?? "",
    gstin: orNull(p?.gstin ?? ""),
    address: orNull(p?.address ?? ""),
    state_code: orNull(p?.stateCode ?? ""),
    email: orNull(p?.email ?? ""),
    state_name: orNull(p?.stateName ?? ""),
    registered: p?.registered ?? false,
  };
}

function supplyJson(s: SupplyLine) {
  return {
    kind: s.kind,
    description: s.description,
    sac: s.sac,
    pax_id: s.paxId,
    passenger_name: s.passengerName,
    direction: s.direction,
    sector: s.sector,
    travel_date: s.travelDate,
    flights: [...s.flights],
    ticket_numbers: [...s.ticketNumbers],
    consideration_paise: paiseFromProto(s.considerationPaise),
    taxable_value_paise: paiseFromProto(s.taxableValuePaise),
    gst_rate_bps: s.gstRateBps,
    cgst_rate_bps: s.cgstRateBps,
    cgst_paise: paiseFromProto(s.cgstPaise),
    sgst_rate_bps: s.sgstRateBps,
    sgst_paise: paiseFromProto(s.sgstPaise),
    igst_rate_bps: s.igstRateBps,
    igst_paise: paiseFromProto(s.igstPaise),
    adjustment_paise: paiseFromProto(s.adjustmentPaise),
  };
}

function pureAgentJson(p: PureAgentLine) {
  return {
    kind: p.kind,
    description: p.description,
    pax_id: p.paxId,
    passenger_name: p.passengerName,
    direction: p.direction,
    sector: p.sector,
    travel_date: p.travelDate,
    flights: [...p.flights],
    ticket_numbers: [...p.ticketNumbers],
    emd_numbers: [...p.emdNumbers],
    base_fare_paise: paiseFromProto(p.baseFarePaise),
    airline_taxes_paise: paiseFromProto(p.airlineTaxesPaise),
    airline_gst_paise: paiseFromProto(p.airlineGstPaise),
    other_paise: paiseFromProto(p.otherPaise),
    amount_paise: paiseFromProto(p.amountPaise),
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
    place_of_supply: i.placeOfSupply
      ? { state_code: i.placeOfSupply.stateCode, state_name: i.placeOfSupply.stateName, gst_kind: i.placeOfSupply.gstKind }
      : null,
    reverse_charge: i.reverseCharge,
    supplies: i.supplies.map(supplyJson),
    pure_agent: i.pureAgent.map(pureAgentJson),
    commission: i.commission.map((c) => ({
      pax_id: c.paxId,
      direction: c.direction,
      gross_commission_paise: paiseFromProto(c.grossCommissionPaise),
      tds_paise: paiseFromProto(c.tdsPaise),
    })),
    totals: i.totals
      ? {
          taxable_value_paise: paiseFromProto(i.totals.taxableValuePaise),
          cgst_paise: paiseFromProto(i.totals.cgstPaise),
          sgst_paise: paiseFromProto(i.totals.sgstPaise),
          igst_paise: paiseFromProto(i.totals.igstPaise),
          adjustment_paise: paiseFromProto(i.totals.adjustmentPaise),
          supply_value_paise: paiseFromProto(i.totals.supplyValuePaise),
          pure_agent_paise: paiseFromProto(i.totals.pureAgentPaise),
          airline_gst_paise: paiseFromProto(i.totals.airlineGstPaise),
          gross_commission_paise: paiseFromProto(i.totals.grossCommissionPaise),
          tds_paise: paiseFromProto(i.totals.tdsPaise),
        }
      : null,
    original_invoice_date: i.originalInvoiceDate ? isoText(i.originalInvoiceDate) : null,
    e_invoice: i.eInvoice
      ? {
          status: i.eInvoice.status,
          irn: orNull(i.eInvoice.irn),
          ack_no: orNull(i.eInvoice.ackNo),
          ack_date: i.eInvoice.ackDate ? isoText(i.eInvoice.ackDate) : null,
          signed_qr_code: orNull(i.eInvoice.signedQrCode),
          submitter: orNull(i.eInvoice.submitter),
          error: orNull(i.eInvoice.error),
        }
      : null,
  };
}

export type InvoiceJson = ReturnType<typeof invoiceJson>;
