import { formatPaise } from "@tarmac/kernel";
import { GST_STATES } from "@tarmac/tax";
import type { Invoice } from "../invoice.js";

export type ExportKind = "GSTR1" | "TDS";
type GstSection = "B2B" | "B2CS" | "CDNR" | "HSN";

/** One row of the GSTR-1 style export, paise (credit notes' amounts as they stand; their sign is the section's). */
export interface GstRow {
  readonly section: GstSection;
  readonly agentId: string;
  readonly recipientGstin: string;
  readonly recipientName: string;
  readonly documentNumber: string;
  readonly documentType: "" | "INVOICE" | "CREDIT_NOTE" | "DEBIT_NOTE";
  readonly documentDate: string;
  readonly originalInvoiceNumber: string;
  readonly placeOfSupply: string;
  readonly reverseCharge: boolean;
  readonly sac: string;
  readonly rateBps: number;
  readonly documentValuePaise: number;
  readonly taxableValuePaise: number;
  readonly igstPaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly quantity: number;
}

export interface TdsRow {
  readonly agentId: string;
  readonly deducteePan: string;
  readonly documentNumber: string;
  readonly documentType: Invoice["kind"];
  readonly documentDate: string;
  readonly bookingId: string;
  readonly grossCommissionPaise: number;
  readonly tdsPaise: number;
}

/** What an export adds up to, credit notes subtracted: the documents' net, and so the wallet's. */
export interface ExportTotals {
  readonly documents: number;
  readonly taxableValuePaise: number;
  readonly igstPaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly documentValuePaise: number;
  readonly grossCommissionPaise: number;
  readonly tdsPaise: number;
}

const IST_OFFSET_MS = 330 * 60_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar month in India's time as the instants [from, to): documents are dated in India. */
export function monthRange(month: string): { from: Date; to: Date } | undefined {
  const m = MONTH.exec(month);
  if (!m) return undefined;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return {
    from: new Date(Date.UTC(year, index, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - IST_OFFSET_MS),
  };
}

const dateOf = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const sign = (d: Invoice) => (d.kind === "CREDIT_NOTE" ? -1 : 1);
const registered = (d: Invoice) => d.recipient.gstin !== "" && d.recipient.registered !== false;
const placeOf = (d: Invoice) => {
  const code = d.placeOfSupply?.stateCode ?? (d.recipient.stateCode || d.supplier.stateCode);
  return `${code}-${d.placeOfSupply?.stateName ?? GST_STATES[code] ?? ""}`;
};
const TYPES = { TAX_INVOICE: "INVOICE", CREDIT_NOTE: "CREDIT_NOTE", DEBIT_NOTE: "DEBIT_NOTE" } as const;

interface Heads {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  value: number;
  count: number;
}

/** A document's supplies by (SAC, rate); a document of earlier releases by its summary lines. */
function headsOf(d: Invoice): Map<string, Heads> {
  const by = new Map<string, Heads>();
  const add = (sac: string, rate: number, h: Omit<Heads, "count">) => {
    const key = `${sac}|${rate}`;
    const t = by.get(key) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0, count: 0 };
    by.set(key, {
      taxable: t.taxable + h.taxable,
      igst: t.igst + h.igst,
      cgst: t.cgst + h.cgst,
      sgst: t.sgst + h.sgst,
      value: t.value + h.value,
      count: t.count + 1,
    });
  };
  if (d.supplies !== undefined) {
    for (const s of d.supplies)
      add(s.sac, s.gstRateBps, {
        taxable: s.taxableValuePaise,
        igst: s.igstPaise,
        cgst: s.cgstPaise,
        sgst: s.sgstPaise,
        value: s.considerationPaise,
      });
  } else {
    for (const l of d.lines) {
      const tax = l.igst + l.cgst + l.sgst;
      add("998551", l.serviceFee === 0 ? 0 : Math.round((tax * 10_000) / l.serviceFee / 100) * 100, {
        taxable: l.serviceFee,
        igst: l.igst,
        cgst: l.cgst,
        sgst: l.sgst,
        value: l.serviceFee + tax,
      });
    }
  }
  return by;
}

/**
 * The month's documents as GSTR-1 asks for them: B2B (tax invoices to registered agencies), one
 * row per document and rate; CDNR (their credit and debit notes); B2CS (unregistered agencies'
 * documents summed per place of supply and rate, credit notes subtracted); HSN (every document's
 * supplies summed per SAC and rate, credit notes subtracted). A document with no supply of ours
 * (airline amounts only) is still a row, at rate 0 with no tax, so the rows account for every
 * document the wallet moved money under.
 */
export function gstr1Rows(documents: readonly Invoice[]): GstRow[] {
  const blank = {
    recipientGstin: "",
    recipientName: "",
    documentNumber: "",
    documentType: "",
    documentDate: "",
    originalInvoiceNumber: "",
  } as const;
  const perDocument: GstRow[] = [];
  const b2cs = new Map<string, GstRow>();
  const hsn = new Map<string, GstRow>();
  for (const d of documents) {
    const heads = headsOf(d);
    if (heads.size === 0) heads.set("998551|0", { taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0, count: 0 });
    let first = true;
    for (const [key, h] of heads) {
      const [sac = "", rate = "0"] = key.split("|");
      const amounts = {
        sac,
        rateBps: Number(rate),
        taxableValuePaise: h.taxable,
        igstPaise: h.igst,
        cgstPaise: h.cgst,
        sgstPaise: h.sgst,
        quantity: h.count,
      };
      // The document's value once, on its first row: the rows of a document add up to its total.
      const documentValuePaise = first ? d.totalPaise : 0;
      first = false;
      if (registered(d)) {
        perDocument.push({
          section: d.kind === "TAX_INVOICE" ? "B2B" : "CDNR",
          agentId: d.agentId,
          recipientGstin: d.recipient.gstin,
          recipientName: d.recipient.name,
          documentNumber: d.invoiceNumber,
          documentType: TYPES[d.kind],
          documentDate: dateOf(d.issuedAt),
          originalInvoiceNumber: d.originalInvoiceNumber,
          placeOfSupply: placeOf(d),
          reverseCharge: d.reverseCharge ?? false,
          documentValuePaise,
          ...amounts,
        });
      } else {
        const k = `${d.agentId}|${placeOf(d)}|${key}`;
        const t = b2cs.get(k);
        const s = sign(d);
        b2cs.set(k, {
          ...blank,
          section: "B2CS",
          agentId: d.agentId,
          placeOfSupply: placeOf(d),
          reverseCharge: false,
          sac,
          rateBps: Number(rate),
          documentValuePaise: (t?.documentValuePaise ?? 0) + s * documentValuePaise,
          taxableValuePaise: (t?.taxableValuePaise ?? 0) + s * h.taxable,
          igstPaise: (t?.igstPaise ?? 0) + s * h.igst,
          cgstPaise: (t?.cgstPaise ?? 0) + s * h.cgst,
          sgstPaise: (t?.sgstPaise ?? 0) + s * h.sgst,
          quantity: (t?.quantity ?? 0) + h.count,
        });
      }
      const t = hsn.get(key);
      const s = sign(d);
      hsn.set(key, {
        ...blank,
        section: "HSN",
        agentId: "",
        placeOfSupply: "",
        reverseCharge: false,
        sac,
        rateBps: Number(rate),
        documentValuePaise: (t?.documentValuePaise ?? 0) + s * h.value,
        taxableValuePaise: (t?.taxableValuePaise ?? 0) + s * h.taxable,
        igstPaise: (t?.igstPaise ?? 0) + s * h.igst,
        cgstPaise: (t?.cgstPaise ?? 0) + s * h.cgst,
        sgstPaise: (t?.sgstPaise ?? 0) + s * h.sgst,
        quantity: (t?.quantity ?? 0) + s * h.count,
      });
    }
  }
  const order: Record<GstSection, number> = { B2B: 0, B2CS: 1, CDNR: 2, HSN: 3 };
  return [...perDocument, ...b2cs.values(), ...hsn.values()].sort((a, b) => order[a.section] - order[b.section]);
}

/** The agency's PAN: characters 3 to 12 of its GSTIN. */
const panOf = (gstin: string) => (gstin.length === 15 ? gstin.slice(2, 12) : "");

/** Section 194H: each document's commission and the TDS withheld from it, reversals (credit notes) negative. */
export function tdsRows(documents: readonly Invoice[]): TdsRow[] {
  return documents.flatMap((d) => {
    const gross = d.totals?.grossCommissionPaise ?? d.lines.reduce((s, l) => s + l.grossCommission, 0);
    const tds = d.totals?.tdsPaise ?? d.lines.reduce((s, l) => s + l.tds, 0);
    if (gross === 0 && tds === 0) return [];
    return [
      {
        agentId: d.agentId,
        deducteePan: panOf(d.recipient.gstin),
        documentNumber: d.invoiceNumber,
        documentType: d.kind,
        documentDate: dateOf(d.issuedAt),
        bookingId: d.bookingId,
        grossCommissionPaise: sign(d) * gross,
        tdsPaise: sign(d) * tds,
      },
    ];
  });
}

/**
 * What the export's rows add up to: B2B and CDNR rows as they stand (credit notes subtracted),
 * B2CS rows already net; HSN rows repeat them and are left out; the TDS rows for commission.
 */
export function exportTotals(documents: number, gst: readonly GstRow[], tds: readonly TdsRow[]): ExportTotals {
  const rows = gst.filter((r) => r.section !== "HSN");
  const signOf = (r: GstRow) => (r.documentType === "CREDIT_NOTE" ? -1 : 1);
  const sum = (pick: (r: GstRow) => number) => rows.reduce((s, r) => s + signOf(r) * pick(r), 0);
  return {
    documents,
    taxableValuePaise: sum((r) => r.taxableValuePaise),
    igstPaise: sum((r) => r.igstPaise),
    cgstPaise: sum((r) => r.cgstPaise),
    sgstPaise: sum((r) => r.sgstPaise),
    documentValuePaise: sum((r) => r.documentValuePaise),
    grossCommissionPaise: tds.reduce((s, r) => s + r.grossCommissionPaise, 0),
    tdsPaise: tds.reduce((s, r) => s + r.tdsPaise, 0),
  };
}

/** What the month's documents themselves add up to, credit notes subtracted: what the export must equal. */
export function documentTotals(documents: readonly Invoice[]): ExportTotals {
  const sum = (pick: (d: Invoice) => number) => documents.reduce((s, d) => s + sign(d) * pick(d), 0);
  const heads = (d: Invoice) => [...headsOf(d).values()];
  const head = (pick: (h: Heads) => number) => (d: Invoice) => heads(d).reduce((s, h) => s + pick(h), 0);
  const tds = tdsRows(documents);
  return {
    documents: documents.length,
    taxableValuePaise: sum(head((h) => h.taxable)),
    igstPaise: sum(head((h) => h.igst)),
    cgstPaise: sum(head((h) => h.cgst)),
    sgstPaise: sum(head((h) => h.sgst)),
    documentValuePaise: sum((d) => d.totalPaise),
    grossCommissionPaise: tds.reduce((s, r) => s + r.grossCommissionPaise, 0),
    tdsPaise: tds.reduce((s, r) => s + r.tdsPaise, 0),
  };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csv = (header: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]) =>
  [header, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
const money = (paise: number) => formatPaise(paise);

/** The export as CSV: a header line, then the rows; amounts in rupees with two decimals, rates in percent. */
export function exportCsv(kind: ExportKind, gst: readonly GstRow[], tds: readonly TdsRow[]): string {
  if (kind === "TDS")
    return csv(
      ["agent_id", "deductee_pan", "document_number", "document_type", "document_date", "booking_id", "gross_commission", "tds_194h"],
      tds.map((r) => [
        r.agentId,
        r.deducteePan,
        r.documentNumber,
        r.documentType,
        r.documentDate,
        r.bookingId,
        money(r.grossCommissionPaise),
        money(r.tdsPaise),
      ]),
    );
  return csv(
    [
      "section",
      "agent_id",
      "recipient_gstin",
      "recipient_name",
      "document_number",
      "document_type",
      "document_date",
      "original_invoice_number",
      "place_of_supply",
      "reverse_charge",
      "sac",
      "rate_percent",
      "document_value",
      "taxable_value",
      "igst",
      "cgst",
      "sgst",
      "quantity",
    ],
    gst.map((r) => [
      r.section,
      r.agentId,
      r.recipientGstin,
      r.recipientName,
      r.documentNumber,
      r.documentType,
      r.documentDate,
      r.originalInvoiceNumber,
      r.placeOfSupply,
      r.reverseCharge ? "Y" : "N",
      r.sac,
      (r.rateBps / 100).toFixed(2),
      money(r.documentValuePaise),
      money(r.taxableValuePaise),
      money(r.igstPaise),
      money(r.cgstPaise),
      money(r.sgstPaise),
      r.quantity,
    ]),
  );
}
