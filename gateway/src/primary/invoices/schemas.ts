import { InvoiceKindSchema } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
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

const invoiceNumber = "The document's number: `TI/2026-27/000001` (tax invoice), `CN/...` (credit note), `DN/...` (debit note).";

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
  sac: string("SAC of the service fee: `998555` (travel arrangement services)."),
  lines: array(line, "One line per passenger."),
  total_paise: paise(
    "Sum of the lines: the wallet movement it documents (debited for invoices and debit notes, credited for credit notes)",
  ),
  currency: string("ISO 4217 code of every amount: `INR`."),
  original_invoice_number: { type: ["string", "null"], description: "For a credit or debit note: the tax invoice it amends; else null." },
  reason: string("Why it was issued."),
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
