import type { CommandGroup } from "../command.js";
import { agenciesBillingSet, agenciesBillingShow } from "./agencies-billing.js";
import { agentsGet, agentsReactivate, agentsSuspend } from "./agents.js";
import { agentsCreate } from "./agents-create.js";
import { agentsSetTier } from "./agents-tier.js";
import { credentialsInit, credentialsNew, credentialsToken } from "./credentials.js";
import { keysIssue, keysRotate } from "./keys-issue.js";
import { keysList, keysRevoke } from "./keys.js";
import { invoicesExport } from "./invoices-export.js";
import { reconcile } from "./reconcile.js";
import { walletBalance, walletCreditLimit, walletOpen, walletTopUp } from "./wallet.js";
import { webhooksDeliveries, webhooksList } from "./webhooks.js";

/** The command tree, in the order help lists it. */
export const GROUPS: readonly CommandGroup[] = [
  {
    name: "agents",
    summary: "Travel agencies: create, show, suspend, reactivate, set the tier",
    commands: [agentsCreate, agentsGet, agentsSuspend, agentsReactivate, agentsSetTier],
  },
  {
    name: "agencies",
    summary: "Agencies' billing details (GSTIN, legal name, address) for tax invoices",
    commands: [agenciesBillingSet, agenciesBillingShow],
  },
  {
    name: "keys",
    summary: "API keys: issue, list, rotate, revoke",
    commands: [keysIssue, keysList, keysRotate, keysRevoke],
  },
  {
    name: "wallet",
    summary: "Agent wallets: top up, credit limit, balance",
    commands: [walletTopUp, walletCreditLimit, walletBalance, walletOpen],
  },
  {
    name: "invoices",
    summary: "Tax documents for finance: the monthly GSTR-1 and TDS export",
    commands: [invoicesExport],
  },
  {
    name: "reconcile",
    summary: "Prove each agency's wallet, bookings and tax documents agree",
    commands: [reconcile],
  },
  {
    name: "webhooks",
    summary: "Enterprise agencies' webhook endpoints and their deliveries (read-only)",
    commands: [webhooksList, webhooksDeliveries],
  },
  {
    name: "credentials",
    summary: "Caller credentials of the gRPC services: make one or the platform's set, sign a token",
    commands: [credentialsNew, credentialsInit, credentialsToken],
  },
];
