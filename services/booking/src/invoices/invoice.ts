import type { GstKind, PlaceOfSupply, PureAgentKind, SupplyKind } from "@tarmac/tax";
import { invoiceSerial, SAC_AIR_RESERVATION } from "@tarmac/tax";
import type { Direction } from "../domain/quotes.js";

export type InvoiceKind = "TAX_INVOICE" | "CREDIT_NOTE" | "DEBIT_NOTE";

/** Each kind has its own gap-free series per financial year. */
export const SERIES: Readonly<Record<InvoiceKind, string>> = { TAX_INVOICE: "TI", CREDIT_NOTE: "CN", DEBIT_NOTE: "DN" };

/** SAC of every supply of ours on a document: reservation services for transportation (booking air passage). */
export const SERVICE_FEE_SAC = SAC_AIR_RESERVATION;

export interface InvoiceParty {
  readonly name: string;
  /** Empty for an unregistered recipient. */
  readonly gstin: string;
  readonly address: string;
  readonly stateCode: string;
  readonly email: string;
  /** The state's name as the GST state list names it; absent on documents of earlier releases. */
  readonly stateName?: string | undefined;
  /** False for an agency without a GST registration (B2C); absent on documents of earlier releases. */
  readonly registered?: boolean | undefined;
}

/**
 * One passenger's share of a document (the summary of earlier releases, kept), paise;
 * total = base + taxes + seats + serviceFee + cgst + sgst + igst - grossCommission + tds + other.
 * serviceFee is the taxable value of our supplies; other is everything else (round-off, baggage
 * and meals, fare differences, airline fees, refunds of earlier releases).
 */
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

/** What a line is about: a passenger on a direction of the journey (Rule 46(h): the service described). */
export interface TravelRef {
  readonly paxId: string;
  readonly passengerName: string;
  readonly direction: Direction;
  /** Airports in order: DEL-BOM, or DEL-BOM-GOI with a connection. */
  readonly sector: string;
  /** The first flight's local departure date, YYYY-MM-DD. */
  readonly travelDate: string;
  /** Carrier and flight numbers: AI101. */
  readonly flights: readonly string[];
  /** The passenger's tickets on that direction. */
  readonly ticketNumbers: readonly string[];
}

/**
 * One taxable supply of ours (Rule 46 (g)-(m)): its SAC and description, the consideration (tax
 * included, what the agency pays for it), the taxable value, each head's rate and amount
 * (tax = round(taxable x rate), half up, once per line) and the adjustment (round-off, or under Rule
 * 32(3) what the deemed value leaves out): consideration = taxable + cgst + sgst + igst + adjustment.
 */
export interface SupplyLine extends TravelRef {
  readonly kind: SupplyKind;
  readonly description: string;
  readonly sac: string;
  readonly considerationPaise: number;
  readonly taxableValuePaise: number;
  readonly gstRateBps: number;
  readonly cgstRateBps: number;
  readonly sgstRateBps: number;
  readonly igstRateBps: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly adjustmentPaise: number;
}

/**
 * An amount collected for the airline as pure agent (Rule 33): not our supply, no GST of ours. The
 * airline's ticket or EMD numbers, its base fare, taxes and, of those, its own GST (the input
 * credit the agency claims on the airline's invoice); amount = base fare + airline taxes + other.
 */
export interface PureAgentLine extends TravelRef {
  readonly kind: PureAgentKind;
  readonly description: string;
  readonly emdNumbers: readonly string[];
  readonly baseFarePaise: number;
  readonly airlineTaxesPaise: number;
  readonly airlineGstPaise: number;
  readonly otherPaise: number;
  readonly amountPaise: number;
}

/** The commission the agency earns on the tickets and the TDS withheld from it (section 194H). */
export interface CommissionLine {
  readonly paxId: string;
  readonly direction: Direction;
  readonly grossCommissionPaise: number;
  readonly tdsPaise: number;
}

/**
 * A document's totals, paise: taxable value and tax by head of our supplies, their value
 * (consideration), the pure-agent amounts and the commission. totalPaise = supplyValue + pureAgent
 * - grossCommission + tds: the wallet movement the document explains.
 */
export interface DocumentTotals {
  readonly taxableValuePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly adjustmentPaise: number;
  readonly supplyValuePaise: number;
  readonly pureAgentPaise: number;
  readonly airlineGstPaise: number;
  readonly grossCommissionPaise: number;
  readonly tdsPaise: number;
}

/**
 * A B2B document's e-invoice: the payload in the e-invoice format (INV-01, version 1.1) and what
 * the portal answered. REGISTERED: it has an IRN; PENDING: not registered yet (the portal could
 * not be asked; retried when the document's step runs again); REJECTED: the portal, or the
 * payload's own check, refused it (error says why); OFF: no submitter is configured.
 */
export interface EInvoiceRecord {
  readonly status: "REGISTERED" | "PENDING" | "REJECTED" | "OFF";
  /** The payload as submitted (JSON text); empty when none could be made. */
  readonly payloadJson: string;
  readonly irn: string;
  readonly ackNo: string;
  readonly ackDate?: Date | undefined;
  readonly signedQrCode: string;
  /** SANDBOX or the portal adapter's name; empty when nothing was submitted. */
  readonly submitter: string;
  readonly error: string;
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
  /** Absent on documents of earlier releases (which carried only `lines`). */
  readonly placeOfSupply?: PlaceOfSupply | undefined;
  /** Rule 46(p): GST on our supplies is never payable on reverse charge. */
  readonly reverseCharge?: boolean | undefined;
  readonly supplies?: readonly SupplyLine[] | undefined;
  readonly pureAgent?: readonly PureAgentLine[] | undefined;
  readonly commission?: readonly CommissionLine[] | undefined;
  readonly totals?: DocumentTotals | undefined;
  /** For notes: the tax invoice's date (Rule 53(1A)). */
  readonly originalInvoiceDate?: Date | undefined;
}

/** An issued document: immutable. */
export interface Invoice extends InvoiceDraft {
  /** TI2627000001 (TI/2026-27/000001 on documents of earlier releases). */
  readonly invoiceNumber: string;
  /** Its place in its series (1, 2, ...). */
  readonly sequence: number;
  /** B2B documents with a supply of ours: recorded right after issue (InvoiceStore.recordEInvoice). */
  readonly eInvoice?: EInvoiceRecord | undefined;
}

export function invoiceNumberOf(kind: InvoiceKind, financialYear: string, sequence: number): string {
  return invoiceSerial(SERIES[kind], financialYear, sequence);
}
