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
 * The demo sub-agents' wallets (auth seeds the agents): prepaid, 25,000.00 INR each, and Pune's
 * low-balance alert at 20,000.00, which a booking of more than 5,000.00 crosses (API guide, Wallet).
 */
export const DEMO_SUB_WALLETS = [
  { agentId: "agt_demo_pune", balancePaise: 2_500_000, lowBalanceThresholdPaise: 2_000_000 },
  { agentId: "agt_demo_nashik", balancePaise: 2_500_000, lowBalanceThresholdPaise: 0 },
] as const;

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
  for (const sub of DEMO_SUB_WALLETS) {
    await store.execute({ type: "openAccount", agentId: sub.agentId, currency, creditLimitPaise: 0 });
    await store.execute({
      type: "topUp",
      agentId: sub.agentId,
      amountPaise: sub.balancePaise,
      reference: `${topUpReference}:${sub.agentId}`,
      description: "Development seed",
    });
    if (sub.lowBalanceThresholdPaise > 0) {
      await store.execute({ type: "setLowBalanceThreshold", agentId: sub.agentId, thresholdPaise: sub.lowBalanceThresholdPaise });
    }
  }
}
