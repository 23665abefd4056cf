import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { requireJetStream, uniqueStream } from "@tarmac/events/testing";
import { gatewayConfigSchema, startGateway, type RunningGateway } from "@tarmac/gateway";
import { parseConfig } from "@tarmac/kernel";
import { signedAs, silentLogger } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { logIn, msUntilRefused, statusOf } from "./testing/refusal-timing.js";
import { onboardAgent } from "./testing/second-agent.js";

/**
 * Two gateway replicas behind one auth service, credential notices over the NATS at NATS_URL
 * (core NATS: each replica gets every notice). The gateways trust a verification for 60 s, so a
 * refusal within 100 ms can only be the notice's doing.
 */
describe("credential notices over NATS to two gateways", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let stack: Stack;
  let second: RunningGateway;
  let gateways: string[];
  let asGateway: ReturnType<typeof createClient<typeof AuthService>>;
  const { streamName, subjectPrefix } = uniqueStream();
  const nats = { NATS_URL: process.env.NATS_URL ?? "nats://127.0.0.1:4222", NATS_STREAM: streamName, NATS_SUBJECT_PREFIX: subjectPrefix };
  const env = {
    TARMAC_ENV: "test",
    OTP_EMAIL_DELIVERY: "development",
    AUTH_CACHE_TTL_MS: "60000",
    RATE_LIMIT_AUTH_PER_SECOND: "1000",
    ...relaxedRateLimits,
    ...nats,
  };
  const balanceOn = (apiKey: string) => gateways.map((url) => statusOf(url, "/api/v1/wallet/balance", { "x-api-key": apiKey }));

  /** Waits until auth and both gateways are on NATS: a revoked key refused by both within 100 ms. */
  async function noticesFlowing(): Promise<void> {
    const deadline = performance.now() + 15_000;
    for (let round = 1; ; round++) {
      const probe = await onboardAgent(stack, `Probe ${round}`, `probe-${round}@agency.test`);
      const requests = balanceOn(probe.apiKey);
      for (const request of requests) expect(await request()).toBe(200);
      await probe.auth.revokeApiKey({ keyId: probe.keyId });
      const refused = await Promise.all(
        requests.map((request) => msUntilRefused(request, { letIn: 200, refused: 401 }, 100).catch(() => -1)),
      );
      if (refused.every((ms) => ms >= 0)) return;
      if (performance.now() > deadline) throw new Error("credential notices never reached both gateways");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    second = await startGateway(
      parseConfig(gatewayConfigSchema, {
        ...env,
        PORT: "0",
        METRICS_PORT: "0",
        SEARCH_URL: stack.services.search,
        FARE_URL: stack.services.fare,
        BOOKING_URL: stack.services.booking,
        WALLET_URL: stack.services.wallet,
        AUTH_URL: stack.services.auth,
        WEBHOOKS_URL: stack.services.webhooks,
      }),
      silentLogger(),
    );
    gateways = [stack.gatewayUrl, second.url];
    asGateway = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("gateway")] }));
    await noticesFlowing();
  }, 45_000);

  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
    await jsm?.streams.delete(streamName).catch(() => undefined);
    await nc?.close();
  });

  it("both gateways refuse a revoked API key within 100 ms of RevokeApiKey's answer", async () => {
    const agency = await onboardAgent(stack, "Agency R", "ops@agency-r.test");
    const requests = balanceOn(agency.apiKey);
    for (const request of requests) expect(await request()).toBe(200);
    await agency.auth.revokeApiKey({ keyId: agency.keyId });
    const elapsed = await Promise.all(requests.map((request) => msUntilRefused(request, { letIn: 200, refused: 401 })));
    for (const ms of elapsed) expect(ms).toBeLessThan(100);
  });

  it("both gateways refuse a suspended agency's key within 100 ms of SuspendAgent's answer, and let it in on reactivation", async () => {
    const agency = await onboardAgent(stack, "Agency S", "ops@agency-s.test");
    const requests = balanceOn(agency.apiKey);
    for (const request of requests) expect(await request()).toBe(200);
    await agency.auth.suspendAgent({ agentId: agency.agentId, reason: "unpaid invoices" });
    const elapsed = await Promise.all(requests.map((request) => msUntilRefused(request, { letIn: 200, refused: 403 })));
    for (const ms of elapsed) expect(ms).toBeLessThan(100);
    await agency.auth.reactivateAgent({ agentId: agency.agentId });
    for (const request of requests) expect(await request()).toBe(200);
  });

  it("a session logged out through one gateway is refused by the other within 100 ms", async () => {
    await onboardAgent(stack, "Agency L", "ops@agency-l.test");
    const token = await logIn(gateways[0]!, asGateway, "ops@agency-l.test");
    const [first, other] = gateways.map((url) => statusOf(url, "/api/flights/search", { authorization: `Bearer ${token}` }));
    // An empty search body is refused (400) only once authentication let the session in.
    expect([await first!(), await other!()]).toEqual([400, 400]);
    const logout = await fetch(`${gateways[0]}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);
    expect(await msUntilRefused(other!, { letIn: 400, refused: 401 })).toBeLessThan(100);
  });
});
