import type { Logger } from "@tarmac/kernel";
import type { WalletStore } from "./store/wallet-store.js";

/**
 * The development demo agent's wallet (the auth service seeds agent agt_demo): 5,00,000.00 INR
 * and a credit limit of 1,00,000.00 INR.
 */
export const DEMO_WALLET = {
  agentId: "agt_demo",
  currency: "INR",
  balancePaise: 50_000_000,
  creditLimitPaise: 10_000_000,
  /** The seed's top-up reference: a restart repeats it, and a repeat moves no money. */
  topUpReference: "dev-seed",
} as const;

/**
 * Opens the demo wallet and tops it up, idempotently: OpenAccount replays for an open wallet and
 * the top-up reference `dev-seed` is recorded once, so restarts (and several instances sharing
 * one database) never top up twice, and money the demo agent spent is not put back.
 */
export async function seedDemoWallet(store: WalletStore, logger: Logger): Promise<void> {
  const { agentId, currency, balancePaise, creditLimitPaise, topUpReference } = DEMO_WALLET;
  await store.execute({ type: "openAccount", agentId, currency, creditLimitPaise });
  const { replayed, account } = await store.execute({
    type: "topUp",
    agentId,
    amountPaise: balancePaise,
    reference: topUpReference,
    description: "Development seed",
  });
  logger.info({ agentId, balancePaise: account.balancePaise, seeded: !replayed }, "demo wallet ready");
}
