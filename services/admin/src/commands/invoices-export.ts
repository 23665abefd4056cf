import { paiseFromProto } from "@tarmac/kernel";
import { z } from "zod";
import { defineCommand } from "../command.js";
import { agentId } from "../fields.js";

/**
 * The month's tax documents for finance, as booking exports them (ExportInvoices): GSTR-1 rows or
 * the TDS withheld under section 194H, every agency's unless --agent names one. Prints the CSV
 * (redirect it to a file); --json prints the rows and totals as booking answers them, in paise.
 */
export const invoicesExport = defineCommand({
  group: "invoices",
  name: "export",
  summary: "Export a month's invoices and notes (GSTR-1 rows) or the TDS withheld, as CSV",
  description:
    "A month's documents (India's calendar) as finance files them: --kind gstr1 (default) gives B2B invoices, credit and " +
    "debit notes to registered agencies (CDNR), unregistered agencies' totals (B2CS) and the SAC summary (HSN); --kind tds " +
    "the commission and TDS withheld per document. Every agency's unless --agent names one. The totals (credit notes " +
    "subtracted) equal the month's documents, which reconcile checks against the wallet per booking. Read-only.",
  args: [],
  flags: {
    month: { type: "string", value: "<YYYY-MM>", description: "The month of issue (required)" },
    kind: { type: "string", value: "<gstr1|tds>", description: "What to export (default gstr1)" },
    agent: { type: "string", value: "<agent id>", description: "Only this agency (default: every agency)" },
  },
  examples: [
    "pnpm admin invoices export --month 2026-12 > gstr1-2026-12.csv",
    "pnpm admin invoices export --month 2026-12 --kind tds --json",
  ],
  input: z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month like 2026-12"),
    kind: z.enum(["gstr1", "tds"]).default("gstr1"),
    agent: agentId.optional(),
  }),
  async run(input, { clients }) {
    const answer = await clients.booking.exportInvoices({ agentId: input.agent ?? "", month: input.month, kind: input.kind.toUpperCase() });
    const t = answer.totals;
    const json = {
      month: answer.month,
      kind: input.kind,
      csv: answer.csv,
      totals: {
        documents: t?.documents ?? 0,
        taxable_value_paise: paiseFromProto(t?.taxableValuePaise ?? 0n),
        igst_paise: paiseFromProto(t?.igstPaise ?? 0n),
        cgst_paise: paiseFromProto(t?.cgstPaise ?? 0n),
        sgst_paise: paiseFromProto(t?.sgstPaise ?? 0n),
        document_value_paise: paiseFromProto(t?.documentValuePaise ?? 0n),
        gross_commission_paise: paiseFromProto(t?.grossCommissionPaise ?? 0n),
        tds_paise: paiseFromProto(t?.tdsPaise ?? 0n),
      },
    };
    return { json, text: answer.csv.trimEnd() };
  },
});
