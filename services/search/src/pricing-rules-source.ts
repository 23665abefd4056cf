import { readFileSync } from "node:fs";
import { z } from "zod";
import { pricingRulesSchema, type PricingRules } from "./domain/pricing-rules.js";

/**
 * TARMAC_PRICING_RULES holds the rules as JSON text (starting with "{") or the path of a JSON
 * file. Read and validated once at start, so a bad rule set stops the service before it prices.
 */
export function pricingRulesVariable() {
  return z
    .string()
    .optional()
    .transform((value, ctx): PricingRules | undefined => {
      if (value === undefined || value.trim() === "") return undefined;
      const text = value.trim().startsWith("{") ? value : readRulesFile(value.trim(), ctx);
      if (text === undefined) return z.NEVER;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `pricing rules are not valid JSON: ${(error as Error).message}` });
        return z.NEVER;
      }
      const parsed = pricingRulesSchema.safeParse(json);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: "custom", message: `pricing rules ${issue.path.join(".") || "(root)"}: ${issue.message}` });
        }
        return z.NEVER;
      }
      return parsed.data;
    });
}

function readRulesFile(path: string, ctx: z.RefinementCtx): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `cannot read pricing rules file ${path}: ${(error as Error).message}` });
    return undefined;
  }
}
