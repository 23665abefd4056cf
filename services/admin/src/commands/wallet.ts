import { z } from "zod";
import { defineCommand, type ArgSpec } from "../command.js";
import { agentId, note, reference, rupees } from "../fields.js";
import { formatRupees } from "../rupees.js";
import { balanceText } from "../text.js";
import { balanceView } from "../views.js";
import { WALLET_CURRENCY } from "./agents-create.js";

const AGENT_ARG: ArgSpec = { key: "agentId", label: "<agent id>", description: "The agent whose wallet it is" };
const REFERENCE = {
  type: "string",
  value: "<reference>",
  description: "Your reference, e.g. the bank transfer's (required); repeating it replays instead of moving money twice",
} as const;

export const walletTopUp = defineCommand({
  group: "wallet",
  name: "topup",
  summary: "Add money to an agent's wallet",
  description:
    "Credits the wallet (TopUp) with an amount in rupees, read exactly into paise (at most 2 decimals). " +
    "The wallet is idempotent by --reference: running the same top-up again does not add the money twice.",
  args: [AGENT_ARG, { key: "amount", label: "<amount>", description: "Rupees, e.g. 50000 or 50000.50" }],
  flags: { reference: REFERENCE, description: { type: "string", value: "<text>", description: "A note for the statement" } },
  examples: ["pnpm admin wallet topup agt_01JD8X3Q4N 50000.00 --reference NEFT-2026-11-22-001"],
  input: z.object({ agentId, amount: rupees(1), reference, description: note }),
  async run(input, { clients }) {
    const { balance } = await clients.wallet.topUp({
      agentId: input.agentId,
      amountPaise: BigInt(input.amount),
      reference: input.reference,
      description: input.description ?? "",
    });
    const view = balanceView(balance);
    const text = `Topped up ${formatRupees(input.amount)} (reference ${input.reference}):\n${balanceText(view)}`;
    return { json: { amount_paise: input.amount, reference: input.reference, balance: view }, text };
  },
});

export const walletCreditLimit = defineCommand({
  group: "wallet",
  name: "credit-limit",
  summary: "Set an agent's credit limit",
  description:
    "Sets how far below zero the wallet may go (SetCreditLimit); available = balance + credit limit - held. " +
    "0 removes the credit. Amount in rupees, at most 2 decimals.",
  args: [AGENT_ARG, { key: "amount", label: "<amount>", description: "The new limit in rupees, e.g. 100000 or 0" }],
  flags: { reference: REFERENCE },
  examples: ["pnpm admin wallet credit-limit agt_01JD8X3Q4N 100000 --reference CL-2026-11-22-sky"],
  input: z.object({ agentId, amount: rupees(0), reference }),
  async run(input, { clients }) {
    const { balance } = await clients.wallet.setCreditLimit({
      agentId: input.agentId,
      creditLimitPaise: BigInt(input.amount),
      reference: input.reference,
    });
    const view = balanceView(balance);
    const text = `Credit limit set to ${formatRupees(input.amount)} (reference ${input.reference}):\n${balanceText(view)}`;
    return { json: { credit_limit_paise: input.amount, reference: input.reference, balance: view }, text };
  },
});

export const walletBalance = defineCommand({
  group: "wallet",
  name: "balance",
  summary: "Show an agent's balance",
  description: "Shows balance, credit limit, held and available amounts (GetBalance).",
  args: [AGENT_ARG],
  flags: {},
  examples: ["pnpm admin wallet balance agt_01JD8X3Q4N", "pnpm admin wallet balance agt_01JD8X3Q4N --json"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const view = balanceView((await clients.wallet.getBalance({ agentId: input.agentId })).balance);
    return { json: { balance: view }, text: balanceText(view) };
  },
});

export const walletOpen = defineCommand({
  group: "wallet",
  name: "open",
  summary: "Open an agent's wallet (agents create does this)",
  description:
    "Opens the agent's INR wallet with a zero credit limit (OpenAccount), as 'agents create' does; for finishing " +
    "a create whose wallet step failed. Opening an open wallet changes nothing.",
  args: [AGENT_ARG],
  flags: {},
  examples: ["pnpm admin wallet open agt_01JD8X3Q4N"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const { balance } = await clients.wallet.openAccount({ agentId: input.agentId, currency: WALLET_CURRENCY, creditLimitPaise: 0n });
    const view = balanceView(balance);
    return { json: { balance: view }, text: `Wallet open:\n${balanceText(view)}` };
  },
});
