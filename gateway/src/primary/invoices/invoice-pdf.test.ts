import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { invoiceJson } from "./invoice-json.js";
import { deductionCell, PAGE, renderInvoicePdf } from "./invoice-pdf.js";
import { decodeGrayPng, differingShare } from "./testing/gray-png.js";
import { PDF_DOCUMENTS } from "./testing/pdf-documents.js";

const GOLDENS = join(dirname(fileURLToPath(import.meta.url)), "testing", "goldens");
/** Resolution of the golden page images: small enough to keep in the repository, large enough to see a column move. */
const GOLDEN_DPI = "40";
/** Another poppler or FreeType draws glyph edges a little differently; a moved or missing column differs far more. */
const GOLDEN_TOLERANCE = 0.02;

const hasPoppler = (() => {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

interface Word {
  readonly page: number;
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Every word's box as pdftotext -bbox reads it from the PDF, in points from the page's top left. */
function wordBoxes(pdfPath: string): { pages: { width: number; height: number }[]; words: Word[] } {
  const html = execFileSync("pdftotext", ["-bbox", pdfPath, "-"], { encoding: "utf8" });
  const pages: { width: number; height: number }[] = [];
  const words: Word[] = [];
  for (const match of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[1] !== undefined) pages.push({ width: Number(match[1]), height: Number(match[2]) });
    else
      words.push({
        page: pages.length,
        text: match[7] ?? "",
        xMin: Number(match[3]),
        yMin: Number(match[4]),
        xMax: Number(match[5]),
        yMax: Number(match[6]),
      });
  }
  return { pages, words };
}

describe("invoice PDF cells", () => {
  it("print a commission as a deduction, and none as 0.00 rather than -0.00 (debit and credit notes carry none)", () => {
    expect(deductionCell(0)).toBe("0.00");
    expect(deductionCell(12_345)).toBe("-123.45");
    expect(deductionCell(7)).toBe("-0.07");
  });
});

describe.skipIf(!hasPoppler)("invoice PDFs on A4 (poppler: apt-get install -y poppler-utils)", () => {
  const dir = mkdtempSync(join(tmpdir(), "invoice-pdfs-"));

  it.each(Object.keys(PDF_DOCUMENTS))(
    "%s: every word lies inside the page's margins, and the page matches its golden image",
    async (name) => {
      const invoice = invoiceJson(PDF_DOCUMENTS[name]!);
      const pdfPath = join(dir, `${name}.pdf`);
      writeFileSync(pdfPath, await renderInvoicePdf(invoice));

      const { pages, words } = wordBoxes(pdfPath);
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) expect([page.width, page.height]).toEqual([595.28, 841.89].map((v) => expect.closeTo(v, 0)));
      const slack = 0.5;
      const outside = words.filter(
        (w) =>
          w.xMin < PAGE.margin - slack ||
          w.yMin < PAGE.margin - slack ||
          w.xMax > PAGE.width - PAGE.margin + slack ||
          w.yMax > PAGE.height - PAGE.margin + slack,
      );
      expect(outside, `words outside the ${PAGE.margin} pt margins`).toEqual([]);

      // What a finance reviewer looks for, as text the PDF really carries.
      const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" }).replaceAll(/ {2,}/g, "  ");
      expect(text).toContain(invoice.invoice_number);
      expect(text).toContain(invoice.supplier.gstin ?? "");
      if (invoice.recipient.gstin !== null) expect(text).toContain(invoice.recipient.gstin);
      expect(text).toContain("Amount in words: Rupees");
      if (invoice.place_of_supply) expect(text).toMatch(new RegExp(`Place of supply +${invoice.place_of_supply.state_name}`));
      if (invoice.pure_agent.length > 0) expect(text).toContain("Statement of amounts collected as pure agent");
      for (const s of invoice.supplies) for (const t of s.ticket_numbers) expect(text).toContain(t);
      if (invoice.e_invoice?.irn) expect(text).toContain(invoice.e_invoice.irn);
      expect(text).toContain(`Page ${pages.length} of ${pages.length}`);

      const prefix = join(dir, name);
      execFileSync("pdftoppm", ["-png", "-gray", "-r", GOLDEN_DPI, pdfPath, prefix]);
      const rendered = readdirSync(dir)
        .filter((f) => f.startsWith(`${name}-`) && f.endsWith(".png"))
        .sort();
      expect(rendered.length).toBe(pages.length);
      for (const [index, file] of rendered.entries()) {
        const golden = join(GOLDENS, `${name}-${index + 1}.png`);
        const png = readFileSync(join(dir, file));
        if (process.env.UPDATE_GOLDENS === "1" || !existsSync(golden)) {
          if (process.env.CI === "true")
            throw new Error(`golden ${golden} is missing: run UPDATE_GOLDENS=1 npx vitest run ${fileURLToPath(import.meta.url)}`);
          mkdirSync(GOLDENS, { recursive: true });
          writeFileSync(golden, png);
          continue;
        }
        const actual = decodeGrayPng(png);
        const expected = decodeGrayPng(readFileSync(golden));
        expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
        expect(differingShare(actual, expected), `page ${index + 1} differs from ${golden}`).toBeLessThan(GOLDEN_TOLERANCE);
      }
    },
  );

  it("fits the Total column the old layout put off the page (x = 593.6 of 595.3 pt)", async () => {
    const pdfPath = join(dir, "legacy.pdf");
    writeFileSync(pdfPath, await renderInvoicePdf(invoiceJson(PDF_DOCUMENTS["legacy-lines-only"]!)));
    const totals = wordBoxes(pdfPath).words.filter((w) => w.text === "8600.00");
    expect(totals.length).toBe(2);
    for (const total of totals) expect(total.xMax).toBeLessThanOrEqual(PAGE.width - PAGE.margin + 0.5);
  });
});
