import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { fromConnectError, parseConfig } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AuthService, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigSchema } from "./config.js";
import { DEMO_AGENT_ID } from "./dev-seed.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { startAuthService, type StartedAuthService } from "./server.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";

const clock = new ManualClock("2026-11-22T06:00:00Z");
const store = new MemoryAuthStore();

async function issue(overrides: { revokedAt?: Date; expiresAt?: Date } = {}): Promise<string> {
  const apiKey = generateApiKey(false);
  const keyId = parseApiKey(apiKey)!.keyId;
  const hash = hashApiKey(apiKey);
  await store.saveApiKey({ keyId, agentId: DEMO_AGENT_ID, hash, scopes: ["flight.search"], createdAt: clock.now(), ...overrides });
  return apiKey;
}

describe("auth service over a real HTTP/2 server", () => {
  let started: StartedAuthService;
  let client: ReturnType<typeof createClient<typeof AuthService>>;

  beforeAll(async () => {
    const config = parseConfig(authConfigSchema, { AUTH_PORT: "0", TARMAC_ENV: "test" });
    started = await startAuthService(config, silentLogger(), { store, clock });
    client = createClient(AuthService, createGrpcTransport({ baseUrl: started.host.url }));
  });
  afterAll(async () => {
    await started?.host.stop();
  });

  const failure = (apiKey: string) => client.verifyApiKey({ apiKey }).then(() => undefined, (e: unknown) => e);

  it("reports SERVING for the auth service", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: started.host.url }));
    expect((await health.check({ service: AuthService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("verifies the seeded demo key with every scope", async () => {
    const res = await client.verifyApiKey({ apiKey: started.demoApiKey! });
    expect(res.agentId).toBe(DEMO_AGENT_ID);
    expect(res.scopes).toHaveLength(6);
    expect(res.scopes).toContain(Scope.WEBHOOKS_MANAGE);
  });

  it("verifies a good key", async () => {
    const apiKey = await issue();
    const res = await client.verifyApiKey({ apiKey });
    expect(res.keyId).toBe(parseApiKey(apiKey)!.keyId);
    expect(res.scopes).toEqual([Scope.FLIGHT_SEARCH]);
  });

  it("rejects unknown, revoked and expired keys alike", async () => {
    const unknown = generateApiKey(false);
    const revoked = await issue({ revokedAt: new Date(clock.now().getTime() - 1000) });
    const expired = await issue({ expiresAt: new Date(clock.now().getTime() - 1000) });
    for (const apiKey of [unknown, revoked, expired, "garbage"]) {
      const error = await failure(apiKey);
      expect(ConnectError.from(error).code).toBe(Code.Unauthenticated);
      const domain = fromConnectError(error);
      expect(domain.code).toBe("AUTH_INVALID_API_KEY");
      expect(domain.message).toBe("unknown, revoked or expired API key");
    }
  });

  it("answers Unimplemented for an RPC of a later issue", async () => {
    const error = await client.issueApiKey({ agentId: DEMO_AGENT_ID, sandbox: true }).catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unimplemented);
  });
});

describe("development seeding by environment", () => {
  it("uses TARMAC_DEV_API_KEY as the demo key", async () => {
    const apiKey = generateApiKey(true);
    const config = parseConfig(authConfigSchema, { AUTH_PORT: "0", TARMAC_DEV_API_KEY: apiKey });
    const started = await startAuthService(config, silentLogger());
    try {
      expect(started.demoApiKey).toBe(apiKey);
      const client = createClient(AuthService, createGrpcTransport({ baseUrl: started.host.url }));
      expect((await client.verifyApiKey({ apiKey })).agentId).toBe(DEMO_AGENT_ID);
    } finally {
      await started.host.stop();
    }
  });

  it("never seeds in production", async () => {
    const config = parseConfig(authConfigSchema, { AUTH_PORT: "0", TARMAC_ENV: "production" });
    const seededStore = new MemoryAuthStore();
    const started = await startAuthService(config, silentLogger(), { store: seededStore });
    try {
      expect(started.demoApiKey).toBeUndefined();
      expect(await seededStore.findAgent(DEMO_AGENT_ID)).toBeUndefined();
    } finally {
      await started.host.stop();
    }
  });
});
