import { create } from "@bufbuild/protobuf";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import { InvoiceKind as ProtoKind, InvoiceSchema, type Invoice as ProtoInvoice } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { SERVICE_FEE_SAC, type Invoice } from "./invoice.js";

export function toProtoInvoice(i: Invoice): ProtoInvoice {
  return create(InvoiceSchema, {
    invoiceNumber: i.invoiceNumber,
    kind: ProtoKind[i.kind],
    bookingId: i.bookingId,
    pnr: i.pnr,
    agentId: i.agentId,
    issuedAt: toTimestamp(i.issuedAt),
    financialYear: i.financialYear,
    supplier: { ...i.supplier },
    recipient: { ...i.recipient },
    gstKind: i.gstKind,
    sac: SERVICE_FEE_SAC,
    lines: i.lines.map((l) => ({
      paxId: l.paxId,
      passengerName: l.passengerName,
      baseFarePaise: paiseToProto(l.baseFare),
      taxesPaise: paiseToProto(l.taxes),
      seatsPaise: paiseToProto(l.seats),
      serviceFeePaise: paiseToProto(l.serviceFee),
      cgstPaise: paiseToProto(l.cgst),
      sgstPaise: paiseToProto(l.sgst),
      igstPaise: paiseToProto(l.igst),
      grossCommissionPaise: paiseToProto(l.grossCommission),
      tdsPaise: paiseToProto(l.tds),
      otherPaise: paiseToProto(l.other),
      totalPaise: paiseToProto(l.total),
    })),
    totalPaise: paiseToProto(i.totalPaise),
    currency: i.currency,
    originalInvoiceNumber: i.originalInvoiceNumber,
    reason: i.reason,
  });
}
