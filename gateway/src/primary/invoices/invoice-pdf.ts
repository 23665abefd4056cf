import { formatPaise } from "@tarmac/kernel";
import type { InvoiceJson } from "./invoice-json.js";

const TITLES = { TAX_INVOICE: "TAX INVOICE", CREDIT_NOTE: "CREDIT NOTE", DEBIT_NOTE: "DEBIT NOTE" } as const;
const COLUMNS = [
  ["Passenger", 140],
  ["Base fare", 55],
  ["Taxes", 50],
  ["Seats", 40],
  ["Svc fee", 45],
  ["GST", 45],
  ["Comm.", 45],
  ["TDS", 35],
  ["Other", 45],
  ["Total", 55],
] as const;

/** A deduction (the commission) as printed: a minus before a positive amount, plain `0.00` for none (never `-0.00`). */
export function deductionCell(paise: number): string {
  return paise === 0 ? formatPaise(0) : formatPaise(-paise);
}

/**
 * The document as an A4 PDF (pdfkit, the standard Helvetica fonts: nothing is read from the
 * network or the font directories): supplier and recipient with their GSTINs, one row per
 * passenger, the GST split and the total in rupees. pdfkit (and its font and compression code)
 * loads with the first PDF asked for: evaluated at load it cost every start of the gateway about
 * 170 ms, for a document most runs never render (issue 17).
 */
export async function renderInvoicePdf(invoice: InvoiceJson): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 36,
    info: { Title: `${TITLES[invoice.kind]} ${invoice.invoice_number}`, Author: invoice.supplier.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const rupees = (paise: number) => formatPaise(paise);

  doc.font("Helvetica-Bold").fontSize(16).text(TITLES[invoice.kind], { align: "center" });
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  doc.text(`Number: ${invoice.invoice_number}    Date: ${invoice.issued_at.slice(0, 10)}    Financial year: ${invoice.financial_year}`);
  doc.text(`Booking: ${invoice.booking_id}    PNR: ${invoice.pnr}    SAC: ${invoice.sac}    Currency: ${invoice.currency}`);
  if (invoice.original_invoice_number !== null) doc.text(`Against tax invoice: ${invoice.original_invoice_number}`);
  doc.text(`Reason: ${invoice.reason}`);
  doc.moveDown();
  const party = (label: string, p: InvoiceJson["supplier"]) => {
    doc.font("Helvetica-Bold").text(label);
    doc.font("Helvetica").text(p.name);
    doc.text(`GSTIN: ${p.gstin ?? "unregistered"}${p.state_code === null ? "" : `    State code: ${p.state_code}`}`);
    if (p.address !== null) doc.text(p.address);
    if (p.email !== null) doc.text(p.email);
    doc.moveDown(0.5);
  };
  party("Supplier", invoice.supplier);
  party("Recipient", invoice.recipient);

  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(8);
  const row = (cells: readonly string[]) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    cells.forEach((cell, i) => {
      const width = COLUMNS[i]?.[1] ?? 50;
      doc.text(cell, x, y, { width, align: i === 0 ? "left" : "right" });
      x += width + 4;
    });
    doc.x = doc.page.margins.left;
    doc.moveDown(0.4);
  };
  row(COLUMNS.map(([title]) => title));
  doc.font("Helvetica");
  for (const l of invoice.lines) {
    row([
      `${l.pax_id} ${l.passenger_name}`,
      rupees(l.base_fare_paise),
      rupees(l.taxes_paise),
      rupees(l.seats_paise),
      rupees(l.service_fee_paise),
      rupees(l.cgst_paise + l.sgst_paise + l.igst_paise),
      deductionCell(l.gross_commission_paise),
      rupees(l.tds_paise),
      rupees(l.other_paise),
      rupees(l.total_paise),
    ]);
  }
  const sum = (pick: (l: InvoiceJson["lines"][number]) => number) => invoice.lines.reduce((s, l) => s + pick(l), 0);
  doc.moveDown().fontSize(10);
  if (invoice.gst_kind === "IGST") doc.text(`IGST 18% on the service fee: ${rupees(sum((l) => l.igst_paise))}`);
  else doc.text(`CGST 9%: ${rupees(sum((l) => l.cgst_paise))}    SGST 9%: ${rupees(sum((l) => l.sgst_paise))}`);
  doc.text(`TDS withheld on commission (section 194H): ${rupees(sum((l) => l.tds_paise))}`);
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Total: ${invoice.currency} ${rupees(invoice.total_paise)}`);
  doc.font("Helvetica").fontSize(8).moveDown().text("Amounts in rupees. This is a computer-generated document.");
  doc.end();
  return done;
}
