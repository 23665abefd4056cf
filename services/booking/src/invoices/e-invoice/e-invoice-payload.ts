import { GST_STATES } from "@tarmac/tax";
import type { Invoice, InvoiceParty } from "../invoice.js";

/** The parts of the e-invoice JSON (INV-01, version 1.1) Tarmac fills; e-invoice-schema.json states the format. */
interface EInvoiceParty {
  Gstin: string;
  LglNm: string;
  Addr1: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Em?: string;
}

interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: "Y";
  HsnCd: string;
  Qty: number;
  Unit: "OTH";
  UnitPrice: number;
  TotAmt: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  OthChrg: number;
  TotItemVal: number;
}

export interface EInvoicePayload {
  Version: "1.1";
  TranDtls: { TaxSch: "GST"; SupTyp: "B2B"; RegRev: "Y" | "N"; IgstOnIntra: "N" };
  DocDtls: { Typ: "INV" | "CRN" | "DBN"; No: string; Dt: string };
  SellerDtls: EInvoiceParty;
  BuyerDtls: EInvoiceParty & { Pos: string };
  ItemList: EInvoiceItem[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; OthChrg: number; RndOffAmt: number; TotInvVal: number };
  RefDtls?: { InvRm: string; PrecDocDtls: { InvNo: string; InvDt: string }[] };
}

/** Why a document has no payload it could submit: the format needs a field the document does not carry. */
export class EInvoicePayloadProblem extends Error {}

const TYPES = { TAX_INVOICE: "INV", CREDIT_NOTE: "CRN", DEBIT_NOTE: "DBN" } as const;
const IST_OFFSET_MS = 330 * 60_000;

/** Paise as the format's rupees with two decimals (a JSON number). */
const rupees = (paise: number) => Math.round(paise) / 100;

/** DD/MM/YYYY in India's calendar, as the format dates documents. */
function eInvoiceDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return `${String(ist.getUTCDate()).padStart(2, "0")}/${String(ist.getUTCMonth() + 1).padStart(2, "0")}/${ist.getUTCFullYear()}`;
}

/** The address's 6-digit PIN code (the last one in it): the format requires one and a free-text address carries it. */
function pinOf(party: InvoiceParty, who: string): number {
  const pins = party.address.match(/\b[1-9][0-9]{5}\b/g);
  const pin = pins?.at(-1);
  if (pin === undefined) throw new EInvoicePayloadProblem(`the ${who}'s address has no 6-digit PIN code: "${party.address}"`);
  return Number(pin);
}

function partyOf(party: InvoiceParty, who: string): EInvoiceParty {
  const state = party.stateName ?? GST_STATES[party.stateCode] ?? "";
  return {
    Gstin: party.gstin,
    LglNm: party.name.slice(0, 100),
    Addr1: party.address.slice(0, 100),
    // Loc is a place name of 3 to 50 characters: the state names it where the address is free text.
    Loc: (state.length >= 3 ? state : party.address).slice(0, 50),
    Pin: pinOf(party, who),
    Stcd: party.stateCode,
    ...(party.email.length >= 6 && { Em: party.email }),
  };
}

/**
 * A document's e-invoice payload (schema version 1.1), or undefined when it needs none: the
 * recipient is unregistered (B2C, outside e-invoicing) or the document has no supply of ours
 * (a note of amounts collected for the airline alone). The items are our supplies only: what is
 * collected as pure agent (Rule 33) is not in our value of supply, and so neither in the items
 * nor in TotInvVal; nor are the commission and its TDS, which are the agency's supply to us.
 * Each item is one supply line (a service, SAC, quantity 1, unit OTH); its adjustment (round-off,
 * or under Rule 32(3) what the deemed value leaves out) is the item's other charge, so
 * TotItemVal is the line's consideration and TotInvVal the document's value of supplies.
 * Throws EInvoicePayloadProblem when the format needs what the document lacks (a PIN code).
 */
export function eInvoicePayload(invoice: Invoice): EInvoicePayload | undefined {
  const supplies = invoice.supplies ?? [];
  if (invoice.recipient.gstin === "" || invoice.recipient.registered === false || supplies.length === 0) return undefined;
  const items: EInvoiceItem[] = supplies.map((s, i) => ({
    SlNo: String(i + 1),
    PrdDesc:
      `${s.description}; ${s.passengerName} (${s.paxId})${s.ticketNumbers.length > 0 ? `; ticket ${s.ticketNumbers.join(", ")}` : ""}`.slice(
        0,
        300,
      ),
    IsServc: "Y",
    HsnCd: s.sac,
    Qty: 1,
    Unit: "OTH",
    UnitPrice: rupees(s.taxableValuePaise),
    TotAmt: rupees(s.taxableValuePaise),
    AssAmt: rupees(s.taxableValuePaise),
    GstRt: s.gstRateBps / 100,
    IgstAmt: rupees(s.igstPaise),
    CgstAmt: rupees(s.cgstPaise),
    SgstAmt: rupees(s.sgstPaise),
    OthChrg: rupees(s.adjustmentPaise),
    TotItemVal: rupees(s.considerationPaise),
  }));
  const sum = (pick: (s: (typeof supplies)[number]) => number) => supplies.reduce((total, s) => total + pick(s), 0);
  const place = invoice.placeOfSupply?.stateCode ?? invoice.recipient.stateCode;
  const payload: EInvoicePayload = {
    Version: "1.1",
    TranDtls: { TaxSch: "GST", SupTyp: "B2B", RegRev: invoice.reverseCharge === true ? "Y" : "N", IgstOnIntra: "N" },
    DocDtls: { Typ: TYPES[invoice.kind], No: invoice.invoiceNumber, Dt: eInvoiceDate(invoice.issuedAt) },
    SellerDtls: partyOf(invoice.supplier, "supplier"),
    BuyerDtls: { ...partyOf(invoice.recipient, "recipient"), Pos: place },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(sum((s) => s.taxableValuePaise)),
      CgstVal: rupees(sum((s) => s.cgstPaise)),
      SgstVal: rupees(sum((s) => s.sgstPaise)),
      IgstVal: rupees(sum((s) => s.igstPaise)),
      OthChrg: rupees(
        Math.max(
          0,
          sum((s) => s.adjustmentPaise),
        ),
      ),
      RndOffAmt: rupees(
        Math.min(
          0,
          sum((s) => s.adjustmentPaise),
        ),
      ),
      TotInvVal: rupees(sum((s) => s.considerationPaise)),
    },
  };
  if (invoice.originalInvoiceNumber !== "" && invoice.originalInvoiceDate) {
    payload.RefDtls = {
      InvRm: invoice.reason.slice(0, 100),
      PrecDocDtls: [{ InvNo: invoice.originalInvoiceNumber, InvDt: eInvoiceDate(invoice.originalInvoiceDate) }],
    };
  }
  return payload;
}
