import { create } from "@bufbuild/protobuf";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import { InvoiceKind as ProtoKind, InvoiceSchema, type Invoice as ProtoInvoice } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { SERVICE_FEE_SAC, type Invoice, type InvoiceParty, type PureAgentLine, type SupplyLine } from "./invoice.js";

const paise = paiseToProto;

/** A party; `registered` read from the GSTIN on documents of earlier releases. */
function party(p: InvoiceParty) {
  return { ...p, stateName: p.stateName ?? "", registered: p.registered ?? p.gstin !== "" };
}

function supplyProto(s: SupplyLine) {
  return {
    ...s,
    considerationPaise: paise(s.considerationPaise),
    taxableValuePaise: paise(s.taxableValuePaise),
    cgstPaise: paise(s.cgstPaise),
    sgstPaise: paise(s.sgstPaise),
    igstPaise: paise(s.igstPaise),
    adjustmentPaise: paise(s.adjustmentPaise),
    flights: [...s.flights],
    ticketNumbers: [...s.ticketNumbers],
  };
}

function pureAgentProto(p: PureAgentLine) {
  return {
    ...p,
    baseFarePaise: paise(p.baseFarePaise),
    airlineTaxesPaise: paise(p.airlineTaxesPaise),
    airlineGstPaise: paise(p.airlineGstPaise),
    otherPaise: paise(p.otherPaise),
    amountPaise: paise(p.amountPaise),
    flights: [...p.flights],
    ticketNumbers: [...p.ticketNumbers],
    emdNumbers: [...p.emdNumbers],
  };
}

export function toProtoInvoice(i: Invoice): ProtoInvoice {
  const t = i.totals;
  return create(InvoiceSchema, {
    invoiceNumber: i.invoiceNumber,
    kind: ProtoKind[i.kind],
    bookingId: i.bookingId,
    pnr: i.pnr,
    agentId: i.agentId,
    issuedAt: toTimestamp(i.issuedAt),
    financialYear: i.financialYear,
    supplier: party(i.supplier),
    recipient: party(i.recipient),
    gstKind: i.gstKind,
    sac: SERVICE_FEE_SAC,
    lines: i.lines.map((l) => ({
      paxId: l.paxId,
      passengerName: l.passengerName,
      baseFarePaise: paise(l.baseFare),
      taxesPaise: paise(l.taxes),
      seatsPaise: paise(l.seats),
      serviceFeePaise: paise(l.serviceFee),
      cgstPaise: paise(l.cgst),
      sgstPaise: paise(l.sgst),
      igstPaise: paise(l.igst),
      grossCommissionPaise: paise(l.grossCommission),
      tdsPaise: paise(l.tds),
      otherPaise: paise(l.other),
      totalPaise: paise(l.total),
    })),
    totalPaise: paise(i.totalPaise),
    currency: i.currency,
    originalInvoiceNumber: i.originalInvoiceNumber,
    reason: i.reason,
    ...(i.placeOfSupply && { placeOfSupply: { ...i.placeOfSupply } }),
    reverseCharge: i.reverseCharge ?? false,
    supplies: (i.supplies ?? []).map(supplyProto),
    pureAgent: (i.pureAgent ?? []).map(pureAgentProto),
    commission: (i.commission ?? []).map((c) => ({
      ...c,
      grossCommissionPaise: paise(c.grossCommissionPaise),
      tdsPaise: paise(c.tdsPaise),
    })),
    ...(t && {
      totals: {
        taxableValuePaise: paise(t.taxableValuePaise),
        cgstPaise: paise(t.cgstPaise),
        sgstPaise: paise(t.sgstPaise),
        igstPaise: paise(t.igstPaise),
        adjustmentPaise: paise(t.adjustmentPaise),
        supplyValuePaise: paise(t.supplyValuePaise),
        pureAgentPaise: paise(t.pureAgentPaise),
        airlineGstPaise: paise(t.airlineGstPaise),
        grossCommissionPaise: paise(t.grossCommissionPaise),
        tdsPaise: paise(t.tdsPaise),
      },
    }),
    ...(i.originalInvoiceDate && { originalInvoiceDate: toTimestamp(i.originalInvoiceDate) }),
    ...(i.eInvoice && {
      eInvoice: {
        status: i.eInvoice.status,
        irn: i.eInvoice.irn,
        ackNo: i.eInvoice.ackNo,
        ...(i.eInvoice.ackDate && { ackDate: toTimestamp(i.eInvoice.ackDate) }),
        signedQrCode: i.eInvoice.signedQrCode,
        payloadJson: i.eInvoice.payloadJson,
        submitter: i.eInvoice.submitter,
        error: i.eInvoice.error,
      },
    }),
  });
}
