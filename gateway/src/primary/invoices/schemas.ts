import { InvoiceKindSchema } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { PURE_AGENT_DESCRIPTIONS, SUPPLY_DESCRIPTIONS } from "@tarmac/tax";
import { enumNames } from "../../enum-names.js";
import {
  array,
  closed,
  described,
  integer,
  instant,
  nextPageCursor,
  object,
  oneOf,
  paise,
  previousPageCursor,
  string,
  text,
} from "../../json-schema.js";

/** JSON schemas of the invoice operations (API guide, GST and invoices). */

const invoiceNumber =
  "The document's number, at most 16 characters: `TI2627000001` (tax invoice, financial year 2026-27), `CN...` (credit note), " +
  "`DN...` (debit note); `TI/2026-27/000001` on documents of earlier releases.";

export const invoiceListRequestSchema = closed({
  booking_id: text(64, "Only this booking's documents."),
  financial_year: string("Only this financial year's documents (April to March, India's calendar), e.g. `2026-27`.", {
    pattern: "^[0-9]{4}-[0-9]{2}$",
  }),
  page_size: integer("Documents per page, 1 to 100 (default 20).", { minimum: 1, maximum: 100 }),
  cursor: previousPageCursor("The previous page's `cursor`; it carries the first page's filters."),
});

export interface InvoiceListBody {
  booking_id?: string;
  financial_year?: string;
  page_size?: number;
  cursor?: string | null;
}

export const invoiceGetRequestSchema = closed({ invoice_number: text(32, invoiceNumber) }, ["invoice_number"]);

export interface InvoiceGetBody {
  invoice_number: string;
}

const party = (who: string) =>
  described(
    object({
      name: string(`${who}'s legal name.`),
      gstin: { type: ["string", "null"], description: `${who}'s GSTIN; null for an unregistered recipient.` },
      address: { type: ["string", "null"], description: `${who}'s address; null when not known.` },
      state_code: { type: ["string", "null"], description: `${who}'s GST state code (two digits); null when not known.` },
      email: { type: ["string", "null"], description: `${who}'s e-mail address; null when not known.` },
      state_name: { type: ["string", "null"], description: `${who}'s state as the GST state list names it; null when not known.` },
      registered: { type: "boolean", description: `Whether ${who} is registered for GST; false for an unregistered (B2C) agency.` },
    }),
    `${who}: name, GSTIN and address as on the document.`,
  );

const line = object({
  pax_id: string("The passenger's `id`."),
  passenger_name: string("Title, given and family name."),
  base_fare_paise: paise("The passenger's share of the airline's base fare"),
  taxes_paise: paise("The passenger's share of the airline's taxes"),
  seats_paise: paise("The passenger's paid seats"),
  service_fee_paise: paise("The platform's service fee before GST"),
  cgst_paise: paise("Central GST on the service fee"),
  sgst_paise: paise("State GST on the service fee"),
  igst_paise: paise("Integrated GST on the service fee"),
  gross_commission_paise: paise("Commission before TDS, deducted"),
  tds_paise: paise("TDS withheld from the commission (section 194H), added"),
  other_paise: paise("A note's own amount not split into fare lines: fare difference and airline fees, or the refund"),
  total_paise: paise(
    "`base_fare + taxes + seats + service_fee + cgst + sgst + igst - gross_commission + tds + other`: the passenger's share of the total",
  ),
});

const nullableText = (description: string) => ({ type: ["string", "null"], description });
const strings = (description: string) => array(string("One of them."), description);
const rateBps = (description: string) => integer(description, { minimum: 0 });

const travel = {
  pax_id: string("The passenger's `id`."),
  passenger_name: string("Title, given and family name."),
  direction: oneOf(["OUTBOUND", "RETURN"], "The direction of the journey."),
  sector: string("Airports in order, e.g. `DEL-BOM`."),
  travel_date: string("The first flight's local departure date, `YYYY-MM-DD`."),
  flights: strings("Carrier and flight numbers, e.g. `AI101`."),
  ticket_numbers: strings("The passenger's ticket numbers on that direction."),
};

const supply = object({
  kind: oneOf(Object.keys(SUPPLY_DESCRIPTIONS), "Which fee of the platform's."),
  description: string("The service, with its sector and date."),
  sac: string("`998551`: reservation services for transportation."),
  ...travel,
  consideration_paise: paise("What the agency pays for it, GST included"),
  taxable_value_paise: paise("The value GST is charged on"),
  gst_rate_bps: rateBps("The GST rate in basis points (1800: 18%)."),
  cgst_rate_bps: rateBps("Central GST rate, basis points (900 within the platform's state, else 0)."),
  cgst_paise: paise("Central GST: round(taxable value x rate), half up"),
  sgst_rate_bps: rateBps("State GST rate, basis points (900 within the platform's state, else 0)."),
  sgst_paise: paise("State GST: round(taxable value x rate), half up"),
  igst_rate_bps: rateBps("Integrated GST rate, basis points (1800 across states, else 0)."),
  igst_paise: paise("Integrated GST: round(taxable value x rate), half up"),
  adjustment_paise: paise(
    "`consideration - taxable value - GST`: a round-off of 0 to 2 paise, or under Rule 32(3) valuation what the deemed value leaves out",
  ),
});

const pureAgent = object({
  kind: oneOf(Object.keys(PURE_AGENT_DESCRIPTIONS), "What was collected for the airline."),
  description: string("What it is, with its sector and date."),
  ...travel,
  emd_numbers: strings("The airline's EMD numbers of the item, when it has them."),
  base_fare_paise: paise("The airline's base fare"),
  airline_taxes_paise: paise("The airline's taxes and fees"),
  airline_gst_paise: paise("Of the airline's taxes, its own GST: the input credit the agency claims on the airline's invoice"),
  other_paise: paise("Anything else collected for the airline: seats, EMDs, fare differences, change fees"),
  amount_paise: paise("`base_fare + airline_taxes + other`"),
});

const totals = described(
  object({
    taxable_value_paise: paise("Taxable value of the platform's supplies"),
    cgst_paise: paise("Central GST"),
    sgst_paise: paise("State GST"),
    igst_paise: paise("Integrated GST"),
    adjustment_paise: paise("Round-offs (and Rule 32(3) differences)"),
    supply_value_paise: paise("The platform's supplies, GST included"),
    pure_agent_paise: paise("Collected for the airline as pure agent"),
    airline_gst_paise: paise("Of that, the airline's own GST"),
    gross_commission_paise: paise("Commission before TDS"),
    tds_paise: paise("TDS withheld from it (section 194H)"),
  }),
  "Totals by kind: `total_paise = supply_value + pure_agent - gross_commission + tds`; null on documents of earlier releases.",
);

export const invoiceSchema = object({
  invoice_number: string(invoiceNumber),
  kind: oneOf(enumNames(InvoiceKindSchema), "`TAX_INVOICE` at ticketing, `CREDIT_NOTE` per refund, `DEBIT_NOTE` per paid change."),
  booking_id: string("The booking it is for."),
  pnr: string("The booking's PNR."),
  issued_at: instant("When it was issued."),
  financial_year: string("Its financial year, e.g. `2026-27`."),
  supplier: party("The platform (supplier)"),
  recipient: party("The agency (recipient)"),
  gst_kind: oneOf(["IGST", "CGST_SGST"], "IGST when the agency's GSTIN is of another state than the platform's, else CGST and SGST."),
  sac: string("SAC of the platform's supplies: `998551` (reservation services for transportation)."),
  lines: array(line, "One summary line per passenger (`supplies` and `pure_agent` itemise them)."),
  total_paise: paise(
    "Sum of the lines: the wallet movement it documents (debited for invoices and debit notes, credited for credit notes)",
  ),
  currency: string("ISO 4217 code of every amount: `INR`."),
  original_invoice_number: { type: ["string", "null"], description: "For a credit or debit note: the tax invoice it amends; else null." },
  reason: string("Why it was issued."),
  place_of_supply: {
    ...described(
      object({
        state_code: string("GST state code, two digits."),
        state_name: string("The state's name."),
        gst_kind: oneOf(["IGST", "CGST_SGST"], "IGST outside the platform's state, else CGST and SGST."),
      }),
      "Where the platform's supplies are made (the agency's registered state; the platform's for an unregistered agency); null on documents of earlier releases.",
    ),
    type: ["object", "null"],
  },
  reverse_charge: { type: "boolean", description: "Whether GST is payable on reverse charge: always false." },
  supplies: array(supply, "The platform's taxable supplies (its fees), one per passenger and direction: the Rule 46 items."),
  pure_agent: array(pureAgent, "The statement of amounts collected for the airline as pure agent (Rule 33): not the platform's supply."),
  commission: array(
    object({
      pax_id: string("The passenger's `id`."),
      direction: oneOf(["OUTBOUND", "RETURN"], "The direction of the journey."),
      gross_commission_paise: paise("Commission before TDS, deducted"),
      tds_paise: paise("TDS withheld from it (section 194H), added"),
    }),
    "The agency's commission and the TDS withheld from it, per passenger and direction.",
  ),
  totals: { ...totals, type: ["object", "null"] },
  original_invoice_date: nullableText("For a note: the date and time of the tax invoice it amends; else null."),
  e_invoice: {
    ...described(
      object({
        status: oneOf(
          ["REGISTERED", "PENDING", "REJECTED", "OFF"],
          "`REGISTERED`: the portal gave an IRN; `PENDING`: not registered yet (retried); `REJECTED`: the portal refused it (`error`); " +
            "`OFF`: e-invoicing is not configured on this deployment.",
        ),
        irn: nullableText("The Invoice Reference Number, 64 hexadecimal characters; null until registered."),
        ack_no: nullableText("The portal's acknowledgement number; null until registered."),
        ack_date: nullableText("When the portal acknowledged it; null until registered."),
        signed_qr_code: nullableText("The signed QR code payload, printed as a QR code on the PDF; null until registered."),
        submitter: nullableText("`SANDBOX` (a sandbox IRN, not the government's) or the portal adapter that registered it."),
        error: nullableText("Why it is `PENDING` or `REJECTED`; else null."),
      }),
      "The e-invoice of a document to a registered agency (B2B): its IRN and signed QR code; null for unregistered agencies and documents of earlier releases.",
    ),
    type: ["object", "null"],
  },
});

export const invoiceListResponseSchema = object({
  invoices: array(invoiceSchema, "Newest first."),
  count: integer("How many are on this page."),
  cursor: nextPageCursor,
});

export const invoicePdfResponseSchema = object({
  invoice_number: string(invoiceNumber),
  content_type: oneOf(["application/pdf"], "The media type of `content_base64`."),
  filename: string("A file name for it, e.g. `TI-2026-27-000001.pdf`."),
  content_base64: string("The PDF (A4, standard fonts), Base64-encoded."),
});

/** What `invoices/export` exports: GSTR-1's rows, or the TDS withheld on commission. */
export const INVOICE_EXPORT_KINDS = ["gstr1", "tds"] as const;

export const invoiceExportRequestSchema = closed(
  {
    month: string("The calendar month of issue, `YYYY-MM`, in India's time (UTC+05:30).", { pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$" }),
    kind: oneOf(
      [...INVOICE_EXPORT_KINDS],
      "`gstr1`: the documents as GSTR-1 asks for them; `tds`: the commission and the TDS withheld (section 194H).",
    ),
    format: oneOf(["json", "csv"], "`json` (default): rows and totals as JSON, amounts in paise; `csv`: the same rows as CSV text."),
  },
  ["month", "kind"],
);

export interface InvoiceExportBody {
  month: string;
  kind: (typeof INVOICE_EXPORT_KINDS)[number];
  format?: "json" | "csv";
}

const exportTotals = described(
  object({
    documents: integer("How many documents of the month the export covers."),
    taxable_value_paise: paise("Taxable value, credit notes subtracted"),
    igst_paise: paise("Integrated GST, credit notes subtracted"),
    cgst_paise: paise("Central GST, credit notes subtracted"),
    sgst_paise: paise("State GST, credit notes subtracted"),
    document_value_paise: paise("The documents' totals, invoices and debit notes less credit notes: the wallet's net movement for them"),
    gross_commission_paise: paise("Commission, reversals subtracted"),
    tds_paise: paise("TDS withheld (section 194H), reversals subtracted"),
  }),
  "What the rows add up to.",
);

const gstRow = object({
  section: oneOf(
    ["B2B", "B2CS", "CDNR", "HSN"],
    "`B2B`: a tax invoice to a registered agency; `CDNR`: its credit or debit note; `B2CS`: unregistered agencies' documents summed per place of supply and rate; `HSN`: every document summed per SAC and rate.",
  ),
  recipient_gstin: string("The agency's GSTIN (B2B, CDNR); empty otherwise."),
  recipient_name: string("The agency's name (B2B, CDNR)."),
  document_number: string("The document's number (B2B, CDNR)."),
  document_type: string("`INVOICE`, `CREDIT_NOTE` or `DEBIT_NOTE` (B2B, CDNR); empty otherwise."),
  document_date: string("`YYYY-MM-DD` in India's time (B2B, CDNR)."),
  original_invoice_number: string("For a note: the tax invoice it amends."),
  place_of_supply: string("State code and name, e.g. `27-Maharashtra`."),
  reverse_charge: { type: "boolean", description: "Whether GST is payable on reverse charge: always false." },
  sac: string("The SAC, `998551`."),
  rate_bps: integer("The GST rate, basis points (1800)."),
  document_value_paise: paise(
    "B2B, CDNR: the document's total (on its first row); B2CS: the documents' net; HSN: the supplies' value, tax included",
  ),
  taxable_value_paise: paise("Taxable value at this rate"),
  igst_paise: paise("Integrated GST"),
  cgst_paise: paise("Central GST"),
  sgst_paise: paise("State GST"),
  quantity: integer("How many supply lines the row sums (unit OTH)."),
});

const tdsRow = object({
  deductee_pan: string("The agency's PAN, read from its GSTIN; empty for an unregistered agency."),
  document_number: string("The document's number."),
  document_type: string("`TAX_INVOICE`, `CREDIT_NOTE` or `DEBIT_NOTE`."),
  document_date: string("`YYYY-MM-DD` in India's time."),
  booking_id: string("The booking."),
  gross_commission_paise: paise("Commission paid; negative when a credit note reverses it"),
  tds_paise: paise("TDS withheld from it; negative when reversed"),
});

export const invoiceExportResponseSchema = object({
  month: string("The month, `YYYY-MM`."),
  kind: oneOf([...INVOICE_EXPORT_KINDS], "What was exported."),
  format: oneOf(["json", "csv"], "How: `rows` (json) or `content` (csv)."),
  rows: array(
    { anyOf: [gstRow, tdsRow] },
    "json: GSTR-1 rows (B2B, B2CS, CDNR, then HSN) or TDS rows; csv: empty (the rows are in `content`).",
  ),
  content_type: oneOf(["application/json", "text/csv"], "`text/csv` when `content` carries the CSV."),
  filename: string("A file name for it, e.g. `gstr1-2026-12.csv`."),
  content: nullableText("csv: the rows as CSV (RFC 4180, a header line, amounts in rupees with two decimals, CRLF); json: null."),
  totals: exportTotals,
});
