import { EntryKindSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, closed, instant, integer, nextPageCursor, object, oneOf, paise, previousPageCursor, string } from "../../json-schema.js";

/** JSON schemas of the wallet operations (API guide, Wallet). */

export const emptyBodySchema = closed({});

export const statementRequestSchema = closed({
  from: instant("Only lines at or after this instant."),
  to: instant("Only lines before this instant."),
  limit: integer("Lines per page, 1 to 500; default 100.", { minimum: 1, maximum: 500 }),
  cursor: previousPageCursor("The `cursor` of the previous page (valid 30 minutes from that page)."),
});

export interface StatementBody {
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string | null;
}

export const balanceResponseSchema = object({
  agent_id: string("The calling agency."),
  currency: string("ISO 4217 code of the amounts: `INR`."),
  balance_paise: paise("Money in the wallet"),
  credit_limit_paise: paise("Credit the agency may use beyond its balance"),
  held_paise: paise("Held for bookings being made"),
  available_paise: paise("`balance + credit_limit - held`: what a booking's net fare (plus seats) must fit in"),
});

export const statementResponseSchema = object({
  lines: array(
    object({
      entry_id: string("The ledger transaction's id (`wtx_...`); wallet events carry it too."),
      at: instant("When it was posted."),
      kind: oneOf(enumNames(EntryKindSchema), "What moved the money; `HOLD` and `VOID` move `held_paise`, not the balance."),
      amount_paise: paise("Signed: negative debits the agency (HOLD, CAPTURE), positive credits it (VOID, REFUND, TOP_UP)"),
      balance_after_paise: paise("The balance after this line (holds do not change it)"),
      reference: string("What it is for: the booking id (`<booking id>:<quote id>` for a reschedule), a top-up's reference..."),
      description: string("For people."),
    }),
    "This page's ledger lines, newest first.",
  ),
  count: integer("Lines in this page."),
  cursor: nextPageCursor,
});
