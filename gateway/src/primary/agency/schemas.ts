import { AgentStatusSchema, AgentTierSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { FundsKindSchema, TransferDirectionSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, closed, described, instant, integer, nullable, nullableInstant, object, oneOf, string, text } from "../../json-schema.js";
import { balanceResponseSchema } from "../wallet/schemas.js";

/** JSON schemas of /agency/sub-agents/* (API guide, Sub-agents). Field names are snake_case. */

const subAgentId = string("The sub-agent's id (`agt_...`), one of the calling agency's.", { minLength: 1, maxLength: 128 });
const name = text(200, "The sub-agent's name, for people (trimmed).");

const newUser = closed({
  email: string("An e-mail address; at least one of `email` and `phone`.", { minLength: 3, maxLength: 254 }),
  phone: string("An E.164 phone number (`+919800000001`); at least one of `email` and `phone`.", { minLength: 2, maxLength: 32 }),
});

export const createRequestSchema = closed(
  { name, users: array(newUser, "Who may sign in with a one-time code; each e-mail and phone unused by any user.", { maxItems: 100 }) },
  ["name"],
);
export interface CreateBody {
  name: string;
  users?: { email?: string; phone?: string }[];
}

export const emptyRequestSchema = closed({});

export const subAgentRequestSchema = closed({ sub_agent_id: subAgentId }, ["sub_agent_id"]);
export interface SubAgentBody {
  sub_agent_id: string;
}

export const updateRequestSchema = closed({ sub_agent_id: subAgentId, name }, ["sub_agent_id", "name"]);
export interface UpdateBody {
  sub_agent_id: string;
  name: string;
}

export const suspendRequestSchema = closed(
  { sub_agent_id: subAgentId, reason: string("Why, for people; at most 500 characters.", { maxLength: 500 }) },
  ["sub_agent_id"],
);
export interface SuspendBody {
  sub_agent_id: string;
  reason?: string;
}

const subAgent = object({
  agent_id: string("The sub-agent's id (`agt_...`): its keys, bookings and wallet are its own."),
  parent_agent_id: string("The agency it works under: the caller."),
  name: string("Its name."),
  status: oneOf(enumNames(AgentStatusSchema), "`SUSPENDED` from its suspension on (its keys answer 403 `AUTH_AGENT_SUSPENDED`)."),
  tier: oneOf(enumNames(AgentTierSchema), "The agency's tier, which the sub-agent shares."),
  created_at: instant("When it was created."),
  suspended_at: nullableInstant("When it was suspended; null while active."),
  suspension_reason: nullable(string("The reason given."), "Why it was suspended; null while active or when none was given."),
  users: array(
    object({
      user_id: string("`usr_...`."),
      email: nullable(string("E-mail address."), "The user's e-mail address, or null."),
      phone: nullable(string("E.164 phone number."), "The user's phone number, or null."),
    }),
    "Who may sign in, oldest first.",
  ),
});

export const subAgentResponseSchema = object({ sub_agent: described(subAgent, "The sub-agent, with its users.") });
export const subAgentListResponseSchema = object({ sub_agents: array(subAgent, "The calling agency's sub-agents, oldest first.") });

export const transferRequestSchema = closed(
  {
    sub_agent_id: subAgentId,
    direction: oneOf(enumNames(TransferDirectionSchema), "`TO_SUB_AGENT` funds the sub-agent; `FROM_SUB_AGENT` takes money back."),
    amount_paise: integer("What to move, 1 to 10^12 paise.", { minimum: 1, maximum: 1_000_000_000_000 }),
    reference: string("Your reference, unique per transfer: a retry with the same one moves nothing twice.", {
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x21-\\x7E]+$",
    }),
    description: string("For both statement lines, at most 500 characters.", { maxLength: 500 }),
    funds: oneOf(
      enumNames(FundsKindSchema),
      "`CASH` (default) moves money; `CREDIT_LINE` moves credit limit: carved out of the sender's unused credit into the receiver's.",
    ),
  },
  ["sub_agent_id", "direction", "amount_paise", "reference"],
);
export interface TransferBody {
  sub_agent_id: string;
  direction: "TO_SUB_AGENT" | "FROM_SUB_AGENT";
  amount_paise: number;
  reference: string;
  description?: string;
  funds?: "CASH" | "CREDIT_LINE";
}

/** The wallet answer of /wallet/balance, naming whichever agency's wallet it is. */
const walletOf = object({ ...balanceResponseSchema.properties, agent_id: string("The agency whose wallet this is.") });

export const transferResponseSchema = object({
  agency: described(walletOf, "The calling agency's wallet after the transfer."),
  sub_agent: described(walletOf, "The sub-agent's wallet after the transfer."),
});

const forAgentId = string("A sub-agent of the calling agency; absent: the calling agency itself.", { minLength: 1, maxLength: 128 });
const scopeNames = [
  "flight.search",
  "flight.book",
  "flight.cancel",
  "flight.reschedule",
  "wallet.read",
  "webhooks.manage",
  "agency.manage",
] as const;

export const issueKeyRequestSchema = closed({
  agent_id: forAgentId,
  scopes: array(
    oneOf(scopeNames, "A scope."),
    "At most the calling key's scopes; absent: the calling key's (without `agency.manage` for a sub-agent).",
    {
      minItems: 1,
      maxItems: scopeNames.length,
      uniqueItems: true,
    },
  ),
  expires_at: instant("When the key stops working, in the future; absent: never."),
});
export interface IssueKeyBody {
  agent_id?: string;
  scopes?: (typeof scopeNames)[number][];
  expires_at?: string;
}

export const listKeysRequestSchema = closed({ agent_id: forAgentId });
export interface ListKeysBody {
  agent_id?: string;
}

export const revokeKeyRequestSchema = closed(
  { key_id: string("The key's id (the 8 characters after `tk_live_` / `tk_test_`).", { minLength: 1, maxLength: 128 }) },
  ["key_id"],
);
export interface RevokeKeyBody {
  key_id: string;
}

const apiKey = object({
  key_id: string("The key's id."),
  agent_id: string("The agency the key acts for."),
  prefix: string("`tk_live_` or `tk_test_`."),
  scopes: array(oneOf(scopeNames, "A scope."), "What the key may do."),
  created_at: instant("When it was issued."),
  last_used_at: nullableInstant("When it was last used (recorded about once a minute); null if never."),
  expires_at: nullableInstant("When it stops working; null: never."),
  revoked_at: nullableInstant("When it was revoked (or a rotation's grace ends); null if not."),
});

export const issuedKeyResponseSchema = object({
  key: described(apiKey, "The key's record."),
  api_key: string("The key in full, shown this once: store it now."),
});
export const keyListResponseSchema = object({ keys: array(apiKey, "The agent's keys, newest first, revoked and expired ones included.") });
export const keyResponseSchema = object({ key: described(apiKey, "The key, revoked.") });
