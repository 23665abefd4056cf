import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { Stack } from "../stack.js";
import { signedAs } from "@tarmac/kernel/testing";

let reserves = 0;

/**
 * Holds all of the demo wallet's available funds but `leave` paise, signed as booking (the one
 * caller the wallet lets hold money), so a test can give the wallet an exact amount to spend. `release` voids the hold.
 */
export async function holdAllBut(stack: Stack, available: number, leave: number): Promise<{ release(): Promise<void> }> {
  const wallet = createClient(WalletService, createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("booking")] }));
  const amount = available - leave;
  if (amount <= 0) return { release: async () => undefined };
  const { holdId } = await wallet.hold({
    agentId: DEMO_AGENT_ID,
    amountPaise: BigInt(amount),
    reference: `test-reserve-${process.pid}-${++reserves}`,
    expiresAt: { seconds: BigInt(Math.floor(Date.now() / 1000) + 600) },
    description: "test: funds set aside",
  });
  return {
    async release() {
      await wallet.void({ holdId });
    },
  };
}
