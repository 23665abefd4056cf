import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { fromConnectError, parseConfig } from "@tarmac/kernel";
import { asPermittedCaller, ManualClock, productionCallerEnv, productionCredential, silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AgentStatus, AgentTier, AuthService, OtpChannel, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigSchema } from "./config.js";
import { DEMO_AGENT_ID, DEMO_USER_ID } from "./dev-seed.js";
import { generateApiKey } from "./domain/api-key.js";
import { startAuthService, type StartedAuthService } from "./server.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";
import { authCallerPolicy } from "./caller-policy.js";

const HOUR = 3600_000;

describe("auth service over a real HTTP/2 server", () => {
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  let started: StartedAuthService;
  let client: ReturnType<typeof createClient<typeof AuthService>>;

  beforeAll(async () => {
    const config = parseConfig(authConfigSchema, {
      AUTH_PORT: "0",
      TARMAC_ENV: "test",
      OTP_EMAIL_DELIVERY: "development",
      OTP_SMS_DELIVERY: "development",
    });
    started = await startAuthService(config, silentLogger(), { store: new MemoryAuthStore(), clock });
    client = createClient(
      AuthService,
      createGrpcTransport({ baseUrl: started.host.url, interceptors: [asPermittedCaller(authCallerPolicy)] }),
    );
  });
  afterAll(async () => {
    await started?.host.stop();
  });

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: unknown) => e,
    );

  it("reports SERVING for the auth service", async () => {
    const health = createClient(
      Health,
      createGrpcTransport({ baseUrl: started.host.url, interceptors: [asPermittedCaller(authCallerPolicy)] }),
    );
    expect((await health.check({ service: AuthService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("verifies the seeded demo key with every scope, as an enterprise agent", async () => {
    const res = await client.verifyApiKey({ apiKey: started.demoApiKey! });
    expect(res.agentId).toBe(DEMO_AGENT_ID);
    expect(res.agentTier).toBe(AgentTier.ENTERPRISE);
    expect(res.scopes).toHaveLength(7);
    expect(res.scopes).toContain(Scope.WEBHOOKS_MANAGE);
    expect(res.scopes).toContain(Scope.AGENCY_MANAGE);
  });

  it("seeds the demo user and signs them in by e-mail and by SMS through ListDevOutbox", async () => {
    expect(started.demoUser).toEqual({ userId: DEMO_USER_ID, agentId: DEMO_AGENT_ID, email: "demo@tarmac.test", phone: "+919800000001" });
    for (const [identifier, type] of [
      ["demo@tarmac.test", OtpChannel.EMAIL],
      ["+919800000001", OtpChannel.SMS],
    ] as const) {
      expect(await client.sendOtp({ identifier, type })).toMatchObject({ expiresIn: 300, resendAfter: 30 });
      const { messages } = await client.listDevOutbox({ identifier, limit: 1 });
      const session = await client.verifyOtp({ identifier, code: messages[0]!.code });
      expect(session).toMatchObject({ tokenType: "Bearer", expiresIn: 3600, agentId: DEMO_AGENT_ID, userId: DEMO_USER_ID });
      const verified = await client.verifyToken({ token: session.verificationToken });
      expect(verified).toMatchObject({ agentId: DEMO_AGENT_ID, agentStatus: AgentStatus.ACTIVE });
      expect(verified.scopes).not.toContain(Scope.WEBHOOKS_MANAGE);
    }
    expect(started.devOutbox?.list()).toHaveLength(2);
  });

  it("rotates a key with its grace period on the service's clock, and revokes at once", async () => {
    const { agent } = await client.createAgent({ name: "Grace Travels" });
    const old = await client.issueApiKey({ agentId: agent!.agentId });
    const rotated = await client.rotateApiKey({ keyId: old.key!.keyId, gracePeriodSeconds: 3600 });
    expect((await client.verifyApiKey({ apiKey: old.apiKey })).keyId).toBe(old.key!.keyId);
    clock.advance(HOUR);
    const expired = await failure(client.verifyApiKey({ apiKey: old.apiKey }));
    expect(ConnectError.from(expired).code).toBe(Code.Unauthenticated);
    expect(fromConnectError(expired).message).toBe("unknown, revoked or expired API key");
    expect((await client.verifyApiKey({ apiKey: rotated.apiKey })).keyId).toBe(rotated.key!.keyId);
    await client.revokeApiKey({ keyId: rotated.key!.keyId });
    expect(fromConnectError(await failure(client.verifyApiKey({ apiKey: rotated.apiKey }))).code).toBe("AUTH_INVALID_API_KEY");
    const listed = await client.listApiKeys({ agentId: agent!.agentId });
    // Issued in the same instant: the listing's order between them is not defined.
    expect(listed.keys.map((k) => k.keyId).sort()).toEqual([rotated.key!.keyId, old.key!.keyId].sort());
    expect(listed.keys.find((k) => k.keyId === old.key!.keyId)?.replacedByKeyId).toBe(rotated.key!.keyId);
  });

  it("rejects unknown keys and garbage alike", async () => {
    for (const apiKey of [generateApiKey(false), "garbage"]) {
      expect(fromConnectError(await failure(client.verifyApiKey({ apiKey }))).code).toBe("AUTH_INVALID_API_KEY");
    }
  });
});

describe("development seeding by environment", () => {
  it("uses TARMAC_DEV_API_KEY and TARMAC_DEV_USER_* for the demo agent", async () => {
    const apiKey = generateApiKey(true);
    const config = parseConfig(authConfigSchema, {
      AUTH_PORT: "0",
      TARMAC_DEV_API_KEY: apiKey,
      TARMAC_DEV_USER_EMAIL: "Me@Example.test",
      TARMAC_DEV_USER_PHONE: "+1 415 555 0100",
    });
    const started = await startAuthService(config, silentLogger());
    try {
      expect(started.demoApiKey).toBe(apiKey);
      expect(started.demoUser).toMatchObject({ email: "me@example.test", phone: "+14155550100" });
      const client = createClient(
        AuthService,
        createGrpcTransport({ baseUrl: started.host.url, interceptors: [asPermittedCaller(authCallerPolicy)] }),
      );
      expect((await client.verifyApiKey({ apiKey })).agentId).toBe(DEMO_AGENT_ID);
      expect((await client.getAgent({ agentId: DEMO_AGENT_ID })).agent?.users).toEqual([
        expect.objectContaining({ userId: DEMO_USER_ID, email: "me@example.test", phone: "+14155550100" }),
      ]);
    } finally {
      await started.host.stop();
    }
  });
});

describe("production", () => {
  const productionEnv = {
    AUTH_PORT: "0",
    TARMAC_ENV: "production",
    // Never opened: the test gives the service its store.
    MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
    TARMAC_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
    ...productionCallerEnv("auth"),
    OTP_EMAIL_DELIVERY: "smtp",
    SMTP_HOST: "smtp.example.test",
    SMTP_FROM: "Tarmac <no-reply@example.test>",
    OTP_SMS_DELIVERY: "http",
    SMS_GATEWAY_URL: "https://sms.example.test/v1/send",
    SMS_GATEWAY_API_KEY: "sms-key",
  };

  it("seeds nothing, delivers through the configured providers and keeps the development outbox shut", async () => {
    const store = new MemoryAuthStore();
    const now = new Date();
    await store.createAgent({ id: "agt_prod", name: "Prod Travels", status: "ACTIVE", tier: "STANDARD", createdAt: now }, [
      { userId: "usr_prod", agentId: "agt_prod", email: "ops@prod.test", phone: "+919812345678", createdAt: now },
    ]);
    const mails: { to: string; text: string }[] = [];
    const sms: { to: string; message: string }[] = [];
    const started = await startAuthService(parseConfig(authConfigSchema, productionEnv), silentLogger(), {
      store,
      mailTransport: { sendMail: async (mail) => void mails.push(mail) },
      fetch: async (_url, init) => {
        sms.push(JSON.parse(init?.body as string) as { to: string; message: string });
        return new Response(null, { status: 202 });
      },
    });
    try {
      expect(started.demoApiKey).toBeUndefined();
      expect(started.demoUser).toBeUndefined();
      expect(started.devOutbox).toBeUndefined();
      expect(await store.findAgent(DEMO_AGENT_ID)).toBeUndefined();
      const client = createClient(
        AuthService,
        createGrpcTransport({ baseUrl: started.host.url, interceptors: [asPermittedCaller(authCallerPolicy, productionCredential)] }),
      );
      const forbidden = await client.listDevOutbox({}).catch((e: unknown) => e);
      expect(ConnectError.from(forbidden).code).toBe(Code.PermissionDenied);

      await client.sendOtp({ identifier: "ops@prod.test", type: OtpChannel.EMAIL });
      await client.sendOtp({ identifier: "+919812345678", type: OtpChannel.SMS });
      await waitFor(() => mails.length === 1 && sms.length === 1);
      expect(mails[0]?.to).toBe("ops@prod.test");
      expect(sms[0]?.to).toBe("+919812345678");
      const code = /\b([0-9]{6})\b/.exec(sms[0]!.message)![1]!;
      expect((await client.verifyOtp({ identifier: "+919812345678", code })).agentId).toBe("agt_prod");
    } finally {
      await started.host.stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
