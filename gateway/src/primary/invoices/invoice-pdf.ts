import { formatPaise } from "@tarmac/kernel";
import { rupeesInWords } from "@tarmac/tax";
import type { InvoiceJson } from "./invoice-json.js";

type Pdf = PDFKit.PDFDocument;
type Supply = InvoiceJson["supplies"][number];
type PureAgent = InvoiceJson["pure_agent"][number];

const TITLES = { TAX_INVOICE: "TAX INVOICE", CREDIT_NOTE: "CREDIT NOTE", DEBIT_NOTE: "DEBIT NOTE" } as const;

/** A4 in points, and the margin every text box must stay inside (the PDF test checks it with pdftotext -bbox). */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept at the foot of each page for the page footer. */
const FOOTER_HEIGHT = 28;
const GAP = 4;
const QR_SIZE = 96;

interface Column {
  readonly title: string;
  readonly width: number;
  readonly align?: "left" | "right";
}

const NUMBER_COLUMN: Column = { title: "#", width: 12, align: "left" };

/** A deduction (the commission) as printed: a minus before a positive amount, plain `0.00` for none (never `-0.00`). */
export function deductionCell(paise: number): string {
  return paise === 0 ? formatPaise(0) : formatPaise(-paise);
}

const rupees = (paise: number) => formatPaise(paise);
const percent = (bps: number) => `${bps % 100 === 0 ? bps / 100 : (bps / 100).toFixed(2)}%`;
const dateOf = (iso: string) => {
  // India's calendar: a document issued at 23:00 UTC is dated the next day in India.
  const ist = new Date(Date.parse(iso) + 330 * 60_000);
  return `${String(ist.getUTCDate()).padStart(2, "0")}-${String(ist.getUTCMonth() + 1).padStart(2, "0")}-${ist.getUTCFullYear()}`;
};
const paxOf = (l: { pax_id: string; passenger_name: string }) => `${l.passenger_name} (${l.pax_id})`;

/** Column widths that add up, gaps included, to at most the content width: a column cannot run off the page. */
function fitted(columns: readonly Column[]): Column[] {
  const total = columns.reduce((sum, c) => sum + c.width, 0) + GAP * (columns.length - 1);
  if (total > CONTENT_WIDTH + 0.01) throw new RangeError(`table is ${total.toFixed(1)} pt wide; the page has ${CONTENT_WIDTH.toFixed(1)}`);
  return [...columns];
}

/**
 * The document as an A4 PDF (pdfkit, the standard Helvetica fonts: nothing is read from the
 * network or the font directories), laid out for a finance reviewer: the Rule 46 particulars
 * (serial, date, supplier and recipient with GSTIN and state, place of supply, reverse charge,
 * SAC, description, taxable value, rate and amount of each tax), the platform's taxable supplies
 * in one table and the amounts collected for the airline as pure agent (Rule 33) in another, the
 * commission and TDS (section 194H), the total in figures and in words, and for an e-invoice its
 * IRN, acknowledgement and QR code. Every table's columns add up to the page's content width, so
 * nothing runs off A4. pdfkit (and its font and compression code) loads with the first PDF asked
 * for: evaluated at load it cost every start of the gateway about 170 ms, for a document most runs
 * never render (issue 17).
 */
export async function renderInvoicePdf(invoice: InvoiceJson): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${TITLES[invoice.kind]} ${invoice.invoice_number}`, Author: invoice.supplier.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  await header(doc, invoice);
  parties(doc, invoice);
  if (invoice.supplies.length > 0 || invoice.pure_agent.length > 0 || invoice.commission.length > 0) {
    suppliesTable(doc, invoice);
    pureAgentTable(doc, invoice);
    commissionTable(doc, invoice);
  } else {
    legacyLines(doc, invoice);
  }
  summary(doc, invoice);
  footers(doc, invoice);
  doc.end();
  return done;
}

async function header(doc: Pdf, invoice: InvoiceJson): Promise<void> {
  const left = PAGE.margin;
  const top = PAGE.margin;
  const qrText = invoice.e_invoice?.signed_qr_code ?? null;
  const textWidth = qrText === null ? CONTENT_WIDTH : CONTENT_WIDTH - QR_SIZE - 12;
  doc.font("Helvetica-Bold").fontSize(15).text(TITLES[invoice.kind], left, top, { width: textWidth });
  doc.font("Helvetica").fontSize(7.5).fillColor("#444").text(subtitleOf(invoice), { width: textWidth }).fillColor("black");
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    [invoice.kind === "TAX_INVOICE" ? "Invoice number" : "Note number", invoice.invoice_number],
    ["Date of issue", dateOf(invoice.issued_at)],
    ["Financial year", invoice.financial_year],
    ["Booking / PNR", `${invoice.booking_id} / ${invoice.pnr === "" ? "-" : invoice.pnr}`],
    [
      "Place of supply",
      invoice.place_of_supply
        ? `${invoice.place_of_supply.state_name} (${invoice.place_of_supply.state_code})`
        : (invoice.recipient.state_code ?? "-"),
    ],
    ["Reverse charge", invoice.reverse_charge ? "Yes: GST payable by the recipient" : "No"],
  ];
  if (invoice.original_invoice_number !== null) {
    const dated = invoice.original_invoice_date === null ? "" : ` dated ${dateOf(invoice.original_invoice_date)}`;
    facts.push(["Against tax invoice", `${invoice.original_invoice_number}${dated}`]);
  }
  facts.push(["Reason", invoice.reason]);
  keyValues(doc, facts, textWidth);
  const e = invoice.e_invoice;
  if (e?.irn) {
    doc.moveDown(0.3);
    keyValues(
      doc,
      [
        ["IRN", e.irn],
        ["Ack. number / date", `${e.ack_no ?? "-"} / ${e.ack_date === null ? "-" : dateOf(e.ack_date)}`],
        ...(e.submitter === "SANDBOX" ? ([["E-invoice", "sandbox registration: not a government IRN"]] as [string, string][]) : []),
      ],
      textWidth,
    );
  }
  if (qrText !== null) {
    const below = doc.y;
    const bottom = await qrCode(doc, qrText, PAGE.width - PAGE.margin - QR_SIZE, top);
    doc.y = Math.max(below, bottom);
  }
  doc.x = left;
  doc.moveDown(0.6);
}

function subtitleOf(invoice: InvoiceJson): string {
  const section =
    invoice.kind === "TAX_INVOICE"
      ? "Section 31 CGST Act, Rule 46 CGST Rules"
      : invoice.kind === "CREDIT_NOTE"
        ? "Section 34 CGST Act, Rule 53 CGST Rules: reduces the tax invoice named below"
        : "Section 34 CGST Act, Rule 53 CGST Rules: adds to the tax invoice named below";
  return `${section}. Original for recipient.`;
}

/** Label and value pairs, the labels in a narrow bold column. */
function keyValues(doc: Pdf, pairs: readonly [string, string][], width: number): void {
  const labelWidth = 96;
  doc.fontSize(8.5);
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font("Helvetica-Bold").text(label, PAGE.margin, y, { width: labelWidth });
    doc.font("Helvetica").text(value, PAGE.margin + labelWidth + GAP, y, { width: width - labelWidth - GAP });
    doc.x = PAGE.margin;
  }
}

/** The signed QR payload as a QR code (qrcode's module matrix drawn as squares); answers the y below it. */
async function qrCode(doc: Pdf, text: string, x: number, y: number): Promise<number> {
  const { default: QRCode } = await import("qrcode");
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = QR_SIZE / (modules.size + 2 * quiet);
  doc.save().rect(x, y, QR_SIZE, QR_SIZE).fill("white").fillColor("black");
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill("black").restore();
  doc
    .font("Helvetica")
    .fontSize(6)
    .text("E-invoice QR code", x, y + QR_SIZE + 2, { width: QR_SIZE, align: "center" });
  return y + QR_SIZE + 12;
}

function parties(doc: Pdf, invoice: InvoiceJson): void {
  const width = (CONTENT_WIDTH - 12) / 2;
  const top = doc.y;
  const block = (label: string, p: InvoiceJson["supplier"], x: number) => {
    doc.font("Helvetica-Bold").fontSize(8.5).text(label, x, top, { width });
    doc.font("Helvetica-Bold").fontSize(8.5).text(p.name, x, doc.y, { width });
    doc.font("Helvetica").fontSize(8);
    doc.text(`GSTIN: ${p.gstin ?? "unregistered (no GSTIN)"}`, x, doc.y, { width });
    const state = p.state_name === null ? p.state_code : `${p.state_name}${p.state_code === null ? "" : ` (state code ${p.state_code})`}`;
    if (state !== null) doc.text(`State: ${state}`, x, doc.y, { width });
    if (p.address !== null) doc.text(p.address, x, doc.y, { width });
    if (p.email !== null) doc.text(p.email, x, doc.y, { width });
    return doc.y;
  };
  const supplierBottom = block("Supplier", invoice.supplier, PAGE.margin);
  const recipientBottom = block("Recipient", invoice.recipient, PAGE.margin + width + 12);
  doc.x = PAGE.margin;
  doc.y = Math.max(supplierBottom, recipientBottom) + 8;
}

function heading(doc: Pdf, title: string, note?: string): void {
  ensureRoom(doc, 48);
  doc.font("Helvetica-Bold").fontSize(9.5).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  if (note !== undefined) doc.font("Helvetica").fontSize(7.5).fillColor("#444").text(note, { width: CONTENT_WIDTH }).fillColor("black");
  doc.moveDown(0.3);
}

/** Starts a new page when fewer than `height` points are left above the footer. */
function ensureRoom(doc: Pdf, height: number): boolean {
  if (doc.y + height <= PAGE.height - PAGE.margin - FOOTER_HEIGHT) return false;
  doc.addPage();
  return true;
}

/** A table: a bold header row, then rows whose height is their tallest cell's; the header repeats on each new page. */
function table(doc: Pdf, columns: readonly Column[], rows: readonly (readonly string[])[], bold: ReadonlySet<number> = new Set()): void {
  const fontSize = 7.5;
  const drawRow = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]?.width ?? 0 })));
    const top = doc.y;
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, x, top, { width: column.width, align: column.align ?? "right" });
      x += column.width + GAP;
    });
    doc.x = PAGE.margin;
    doc.y = top + height + 2.5;
  };
  const rule = (weight: number) => {
    doc
      .moveTo(PAGE.margin, doc.y - 1)
      .lineTo(PAGE.width - PAGE.margin, doc.y - 1)
      .lineWidth(weight)
      .strokeColor("#888")
      .stroke()
      .strokeColor("black");
    doc.y += 1.5;
  };
  const headerRow = () => {
    drawRow(
      columns.map((c) => c.title),
      "Helvetica-Bold",
    );
    rule(0.6);
  };
  headerRow();
  rows.forEach((cells, index) => {
    doc.font("Helvetica").fontSize(fontSize);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]?.width ?? 0 })));
    if (ensureRoom(doc, height + 4)) headerRow();
    if (bold.has(index)) rule(0.4);
    drawRow(cells, bold.has(index) ? "Helvetica-Bold" : "Helvetica");
  });
  doc.moveDown(0.6);
}

/** The platform's taxable supplies: one row per passenger and direction, each tax head with its rate. */
function suppliesTable(doc: Pdf, invoice: InvoiceJson): void {
  if (invoice.supplies.length === 0) return;
  const interState = invoice.supplies.some((s) => s.igst_paise !== 0 || s.igst_rate_bps !== 0) || invoice.gst_kind === "IGST";
  heading(doc, "Supplies by the supplier (taxable)", "Reservation services for transportation (air passage), SAC 998551.");
  const money = 54;
  const taxColumns: Column[] = interState
    ? [
        { title: "IGST rate", width: 32 },
        { title: "IGST", width: money },
      ]
    : [
        { title: "CGST rate", width: 32 },
        { title: "CGST", width: 46 },
        { title: "SGST rate", width: 32 },
        { title: "SGST", width: 46 },
      ];
  const fixed: Column[] = [
    { title: "SAC", width: 30, align: "left" },
    { title: "Taxable value", width: money },
    ...taxColumns,
    { title: "Round-off / adj.", width: 40 },
    { title: "Value", width: money },
  ];
  const used = NUMBER_COLUMN.width + fixed.reduce((sum, c) => sum + c.width, 0) + GAP * (fixed.length + 1);
  const description: Column = { title: "Description", width: CONTENT_WIDTH - used, align: "left" };
  const columns = fitted([NUMBER_COLUMN, description, ...fixed]);
  const taxCells = (s: {
    igst_rate_bps: number;
    igst_paise: number;
    cgst_rate_bps: number;
    cgst_paise: number;
    sgst_rate_bps: number;
    sgst_paise: number;
  }) =>
    interState
      ? [percent(s.igst_rate_bps), rupees(s.igst_paise)]
      : [percent(s.cgst_rate_bps), rupees(s.cgst_paise), percent(s.sgst_rate_bps), rupees(s.sgst_paise)];
  const rows = invoice.supplies.map((s: Supply, i) => [
    String(i + 1),
    `${s.description}\n${paxOf(s)}${s.ticket_numbers.length > 0 ? `; ticket ${s.ticket_numbers.join(", ")}` : ""}`,
    s.sac,
    rupees(s.taxable_value_paise),
    ...taxCells(s),
    rupees(s.adjustment_paise),
    rupees(s.consideration_paise),
  ]);
  const sum = (pick: (s: Supply) => number) => invoice.supplies.reduce((total, s) => total + pick(s), 0);
  rows.push([
    "",
    "Total of supplies",
    "",
    rupees(sum((s) => s.taxable_value_paise)),
    ...(interState ? ["", rupees(sum((s) => s.igst_paise))] : ["", rupees(sum((s) => s.cgst_paise)), "", rupees(sum((s) => s.sgst_paise))]),
    rupees(sum((s) => s.adjustment_paise)),
    rupees(sum((s) => s.consideration_paise)),
  ]);
  table(doc, columns, rows, new Set([rows.length - 1]));
}

/** The statement of amounts collected for the airline as pure agent: not the platform's supply, no GST of the platform's. */
function pureAgentTable(doc: Pdf, invoice: InvoiceJson): void {
  if (invoice.pure_agent.length === 0) return;
  heading(
    doc,
    "Statement of amounts collected as pure agent for the airline (Rule 33 CGST Rules)",
    "Not the supplier's supply and not in its taxable value: paid to the airline at actuals on the recipient's behalf. " +
      "The airline's GST is claimed on the airline's own invoice.",
  );
  const money = 50;
  const fixed: Column[] = [
    { title: "Ticket / EMD", width: 62, align: "left" },
    { title: "Base fare", width: money },
    { title: "Airline taxes", width: money },
    { title: "of which airline GST", width: 46 },
    { title: "Other", width: 44 },
    { title: "Amount", width: money + 4 },
  ];
  const used = NUMBER_COLUMN.width + fixed.reduce((sum, c) => sum + c.width, 0) + GAP * (fixed.length + 1);
  const columns = fitted([NUMBER_COLUMN, { title: "Description", width: CONTENT_WIDTH - used, align: "left" }, ...fixed]);
  const rows = invoice.pure_agent.map((p: PureAgent, i) => [
    String(i + 1),
    `${p.description}\n${paxOf(p)}${p.flights.length > 0 ? `; ${p.flights.join(" ")}` : ""}`,
    [...p.ticket_numbers, ...p.emd_numbers].join("\n") || "-",
    rupees(p.base_fare_paise),
    rupees(p.airline_taxes_paise),
    rupees(p.airline_gst_paise),
    rupees(p.other_paise),
    rupees(p.amount_paise),
  ]);
  const sum = (pick: (p: PureAgent) => number) => invoice.pure_agent.reduce((total, p) => total + pick(p), 0);
  rows.push([
    "",
    "Total collected for the airline",
    "",
    rupees(sum((p) => p.base_fare_paise)),
    rupees(sum((p) => p.airline_taxes_paise)),
    rupees(sum((p) => p.airline_gst_paise)),
    rupees(sum((p) => p.other_paise)),
    rupees(sum((p) => p.amount_paise)),
  ]);
  table(doc, columns, rows, new Set([rows.length - 1]));
}

function commissionTable(doc: Pdf, invoice: InvoiceJson): void {
  if (invoice.commission.length === 0) return;
  heading(doc, "Commission to the recipient and TDS withheld (section 194H Income-tax Act)");
  const names = new Map([...invoice.supplies, ...invoice.pure_agent].map((l) => [l.pax_id, l.passenger_name]));
  const columns = fitted([
    { title: "Passenger", width: 200, align: "left" },
    { title: "Direction", width: 80, align: "left" },
    { title: "Commission (deducted)", width: 75 },
    { title: "TDS withheld (added)", width: 75 },
    { title: "Net", width: CONTENT_WIDTH - 200 - 80 - 75 - 75 - 4 * GAP },
  ]);
  const rows = invoice.commission.map((c) => [
    names.has(c.pax_id) ? `${names.get(c.pax_id) ?? ""} (${c.pax_id})` : c.pax_id,
    c.direction,
    deductionCell(c.gross_commission_paise),
    rupees(c.tds_paise),
    rupees(c.tds_paise - c.gross_commission_paise),
  ]);
  table(doc, columns, rows);
}

/** Documents of earlier releases carry only per-passenger summary lines. */
function legacyLines(doc: Pdf, invoice: InvoiceJson): void {
  heading(doc, "Lines (per passenger)");
  const money = 45;
  const fixed: Column[] = [
    { title: "Base fare", width: money },
    { title: "Taxes", width: money },
    { title: "Seats", width: 38 },
    { title: "Svc fee", width: 40 },
    { title: invoice.gst_kind === "IGST" ? "IGST" : "CGST+SGST", width: 42 },
    { title: "Comm.", width: 40 },
    { title: "TDS", width: 32 },
    { title: "Other", width: 42 },
    { title: "Total", width: 50 },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0) + GAP * fixed.length;
  const columns = fitted([{ title: "Passenger", width: CONTENT_WIDTH - used, align: "left" }, ...fixed]);
  table(
    doc,
    columns,
    invoice.lines.map((l) => [
      `${l.passenger_name} (${l.pax_id})`,
      rupees(l.base_fare_paise),
      rupees(l.taxes_paise),
      rupees(l.seats_paise),
      rupees(l.service_fee_paise),
      rupees(l.cgst_paise + l.sgst_paise + l.igst_paise),
      deductionCell(l.gross_commission_paise),
      rupees(l.tds_paise),
      rupees(l.other_paise),
      rupees(l.total_paise),
    ]),
  );
}

/** The document's totals: tax by head, the sum that makes the total, and the total in figures and in words. */
function summary(doc: Pdf, invoice: InvoiceJson): void {
  const t = invoice.totals;
  const sum = (pick: (l: InvoiceJson["lines"][number]) => number) => invoice.lines.reduce((s, l) => s + pick(l), 0);
  const igst = t?.igst_paise ?? sum((l) => l.igst_paise);
  const cgst = t?.cgst_paise ?? sum((l) => l.cgst_paise);
  const sgst = t?.sgst_paise ?? sum((l) => l.sgst_paise);
  const rows: [string, string][] = [];
  if (t) {
    rows.push(["Taxable value of supplies", rupees(t.taxable_value_paise)]);
    if (invoice.gst_kind === "IGST" || igst !== 0) rows.push(["IGST", rupees(igst)]);
    if (invoice.gst_kind === "CGST_SGST" || cgst !== 0 || sgst !== 0) rows.push(["CGST", rupees(cgst)], ["SGST", rupees(sgst)]);
    rows.push(
      ["Round-off / adjustment", rupees(t.adjustment_paise)],
      ["Value of supplies (tax included)", rupees(t.supply_value_paise)],
      ["Add: collected as pure agent for the airline", rupees(t.pure_agent_paise)],
      ["Less: commission", deductionCell(t.gross_commission_paise)],
      ["Add: TDS withheld (section 194H)", rupees(t.tds_paise)],
    );
  } else {
    if (invoice.gst_kind === "IGST") rows.push(["IGST", rupees(igst)]);
    else rows.push(["CGST", rupees(cgst)], ["SGST", rupees(sgst)]);
    rows.push(["TDS withheld (section 194H)", rupees(sum((l) => l.tds_paise))]);
  }
  const effect = invoice.kind === "CREDIT_NOTE" ? "credited to the recipient's wallet" : "debited from the recipient's wallet";
  ensureRoom(doc, rows.length * 11 + 70);
  const labelWidth = 220;
  const valueWidth = 80;
  const x = PAGE.width - PAGE.margin - labelWidth - valueWidth - GAP;
  doc.fontSize(8.5);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font("Helvetica").text(label, x, y, { width: labelWidth });
    doc.text(value, x + labelWidth + GAP, y, { width: valueWidth, align: "right" });
  }
  doc.moveDown(0.2);
  const y = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).text(`Total (${invoice.currency}), ${effect}`, x, y, { width: labelWidth });
  doc.text(rupees(invoice.total_paise), x + labelWidth + GAP, y, { width: valueWidth, align: "right" });
  doc.moveDown(0.4);
  doc
    .font("Helvetica-Oblique")
    .fontSize(8.5)
    .text(`Amount in words: ${rupeesInWords(invoice.total_paise)}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(1);
  ensureRoom(doc, 40);
  const signY = doc.y;
  doc
    .font("Helvetica")
    .fontSize(8)
    .text(`Whether tax is payable on reverse charge: ${invoice.reverse_charge ? "Yes" : "No"}.`, PAGE.margin, signY, {
      width: CONTENT_WIDTH / 2,
    });
  doc.text("Amounts in rupees. Computer-generated; digitally signed by the supplier.", PAGE.margin, doc.y, { width: CONTENT_WIDTH / 2 });
  doc.font("Helvetica-Bold").text(`For ${invoice.supplier.name}`, PAGE.margin + CONTENT_WIDTH / 2, signY, {
    width: CONTENT_WIDTH / 2,
    align: "right",
  });
  doc
    .font("Helvetica")
    .text("Authorised signatory", PAGE.margin + CONTENT_WIDTH / 2, doc.y + 14, { width: CONTENT_WIDTH / 2, align: "right" });
  doc.x = PAGE.margin;
}

/** Each page's footer: the document's number and the page's place, inside the bottom margin's edge. */
function footers(doc: Pdf, invoice: InvoiceJson): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin - 10;
    // Writing below the bottom margin would make pdfkit start a page: the margin is lifted while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(7)
      .fillColor("#444")
      .text(`${TITLES[invoice.kind]} ${invoice.invoice_number}    Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, y, {
        width: CONTENT_WIDTH,
        align: "center",
        lineBreak: false,
      })
      .fillColor("black");
    doc.page.margins.bottom = bottom;
  }
}
