import { integer, object, string } from "../search/schemas.js";

/** JSON schemas of the wallet operations (API guide, Wallet). */

export const emptyBodySchema = { type: "object", additionalProperties: false, properties: {} } as const;

const instant = { type: "string", format: "date-time" } as const;

export const statementRequestSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    from: instant,
    to: instant,
    limit: { type: "integer", minimum: 1, maximum: 500 },
    cursor: { type: ["string", "null"], minLength: 1, maxLength: 1024 },
  },
} as const;

export interface StatementBody {
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string | null;
}

export const balanceResponseSchema = object({
  agent_id: string,
  currency: string,
  balance_paise: integer,
  credit_limit_paise: integer,
  held_paise: integer,
  available_paise: integer,
});

export const statementResponseSchema = object({
  lines: {
    type: "array",
    items: object({
      entry_id: string,
      at: string,
      kind: string,
      amount_paise: integer,
      balance_after_paise: integer,
      reference: string,
      description: string,
    }),
  },
  count: integer,
  cursor: { type: ["string", "null"] },
});
