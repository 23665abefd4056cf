import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { AgentTier, AuthService, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { Stack } from "../stack.js";
import { signedAs } from "@tarmac/kernel/testing";

/** Onboards another agency over gRPC as ops would: agent, a user, a key with every scope, a funded wallet. */
export async function onboardAgent(stack: Stack, name: string, email: string) {
  const auth = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("admin")] }));
  const wallet = createClient(WalletService, createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("admin")] }));
  const { agent } = await auth.createAgent({ name, tier: AgentTier.STANDARD, users: [{ email }] });
  const agentId = agent!.agentId;
  const scopes = [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK, Scope.FLIGHT_CANCEL, Scope.FLIGHT_RESCHEDULE, Scope.WALLET_READ];
  const issued = await auth.issueApiKey({ agentId, scopes, sandbox: true });
  await wallet.openAccount({ agentId, currency: "INR" });
  await wallet.topUp({ agentId, amountPaise: 10_000_000n, reference: `onboard-${agentId}`, description: "opening balance" });
  return { agentId, apiKey: issued.apiKey, keyId: issued.key!.keyId, auth };
}
