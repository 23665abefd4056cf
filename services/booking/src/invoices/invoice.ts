import type { GstKind } from "@tarmac/tax";

export type InvoiceKind = "TAX_INVOICE" | "CREDIT_NOTE" | "DEBIT_NOTE";

/** Each kind has its own gap-free series per financial year. */
export const SERIES: Readonly<Record<InvoiceKind, string>> = { TAX_INVOICE: "TI", CREDIT_NOTE: "CN", DEBIT_NOTE: "DN" };

/** SAC of the platform's fee: travel arrangement, tour operator and related services. */
export const SERVICE_FEE_SAC = "998555";

export interface InvoiceParty {
  readonly name: string;
  readonly gstin: string;
  readonly address: string;
  readonly stateCode: string;
  readonly email: string;
}

/** One passenger's share, paise; total = base + taxes + seats + serviceFee + cgst + sgst + igst - grossCommission + tds + other. */
export interface InvoiceLine {
  readonly paxId: string;
  readonly passengerName: string;
  readonly baseFare: number;
  readonly taxes: number;
  readonly seats: number;
  readonly serviceFee: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly grossCommission: number;
  readonly tds: number;
  readonly other: number;
  readonly total: number;
}

/** A document before it has a number. */
export interface InvoiceDraft {
  readonly kind: InvoiceKind;
  readonly bookingId: string;
  /** What it documents, unique per booking: the same event issues it once (TICKETED, the refund, the reschedule quote). */
  readonly sourceKey: string;
  readonly pnr: string;
  readonly agentId: string;
  readonly issuedAt: Date;
  readonly financialYear: string;
  readonly supplier: InvoiceParty;
  readonly recipient: InvoiceParty;
  readonly gstKind: GstKind;
  readonly lines: readonly InvoiceLine[];
  readonly totalPaise: number;
  readonly currency: string;
  readonly originalInvoiceNumber: string;
  readonly reason: string;
}

/** An issued document: immutable. */
export interface Invoice extends InvoiceDraft {
  /** TI/2026-27/000001. */
  readonly invoiceNumber: string;
  /** Its place in its series (1, 2, ...). */
  readonly sequence: number;
}

export function invoiceNumberOf(kind: InvoiceKind, financialYear: string, sequence: number): string {
  return `${SERIES[kind]}/${financialYear}/${String(sequence).padStart(6, "0")}`;
}
