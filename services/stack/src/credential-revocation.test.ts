import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { signedAs, silentLogger } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { logIn, msUntilRefused, statusOf } from "./testing/refusal-timing.js";
import { onboardAgent } from "./testing/second-agent.js";

/**
 * Revocation and suspension reach the gateway's credential cache (5 s) and the wallet's standing
 * cache (5 s) through auth's in-process credential notices: refused within 100 ms of the answer
 * of the call that revoked, not when the caches expire.
 */
describe("credential notices in one process", () => {
  let stack: Stack;
  let asGateway: ReturnType<typeof createClient<typeof AuthService>>;
  const balance = (headers: Record<string, string>) => statusOf(stack.gatewayUrl, "/api/v1/wallet/balance", headers);
  const flights = (token: string) => statusOf(stack.gatewayUrl, "/api/flights/search", { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", OTP_EMAIL_DELIVERY: "development", RATE_LIMIT_AUTH_PER_SECOND: "1000", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    asGateway = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("gateway")] }));
  }, 30_000);
  afterAll(() => stack?.stop());

  it("refuses a revoked API key within 100 ms of RevokeApiKey's answer", async () => {
    const agency = await onboardAgent(stack, "Agency R", "ops@agency-r.test");
    const request = balance({ "x-api-key": agency.apiKey });
    expect(await request()).toBe(200);
    await agency.auth.revokeApiKey({ keyId: agency.keyId });
    expect(await msUntilRefused(request, { letIn: 200, refused: 401 })).toBeLessThan(100);
  });

  it("refuses a suspended agency's key and session within 100 ms of SuspendAgent's answer, in the gateway and the wallet, and lets them in again on reactivation", async () => {
    const agency = await onboardAgent(stack, "Agency S", "ops@agency-s.test");
    const token = await logIn(stack.gatewayUrl, asGateway, "ops@agency-s.test");
    const byKey = balance({ "x-api-key": agency.apiKey });
    const bySession = flights(token);
    const wallet = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }),
    );
    const walletRead = () =>
      wallet.getBalance({ agentId: agency.agentId }).then(
        () => 200,
        () => 403,
      );
    expect([await byKey(), await bySession(), await walletRead()]).toEqual([200, 400, 200]);

    await agency.auth.suspendAgent({ agentId: agency.agentId, reason: "unpaid invoices" });
    expect(await msUntilRefused(byKey, { letIn: 200, refused: 403 })).toBeLessThan(100);
    // An empty search body is refused (400) only once authentication let the session in.
    expect(await msUntilRefused(bySession, { letIn: 400, refused: 403 })).toBeLessThan(100);
    expect(await msUntilRefused(walletRead, { letIn: 200, refused: 403 })).toBeLessThan(100);

    await agency.auth.reactivateAgent({ agentId: agency.agentId });
    // The first requests after the answer are let in: nothing waits for a cache to expire.
    expect([await byKey(), await walletRead()]).toEqual([200, 200]);
  });

  it("refuses a session ended elsewhere (Logout at auth, not through this gateway) within 100 ms", async () => {
    await onboardAgent(stack, "Agency L", "ops@agency-l.test");
    const token = await logIn(stack.gatewayUrl, asGateway, "ops@agency-l.test");
    const request = flights(token);
    expect(await request()).toBe(400);
    await asGateway.logout({ token });
    expect(await msUntilRefused(request, { letIn: 400, refused: 401 })).toBeLessThan(100);
  });
});
