import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { DomainError, errorInterceptor, fromConnectError } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { create } from "@bufbuild/protobuf";
import {
  AgentStatus,
  AgentTier,
  AuthService,
  Scope,
  VerifyApiKeyRequestSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { AuthServiceImpl } from "./auth-service.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { authRoutes } from "./routes.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";

const agentId = "agt_test";

async function setup() {
  const store = new MemoryAuthStore();
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  await store.saveAgent({ id: agentId, name: "Test Air", status: "ACTIVE", tier: "ENTERPRISE", createdAt: clock.now() });
  const apiKey = generateApiKey(false);
  const keyId = parseApiKey(apiKey)!.keyId;
  await store.saveApiKey({
    keyId,
    agentId,
    hash: hashApiKey(apiKey),
    scopes: ["flight.search", "wallet.read"],
    createdAt: clock.now(),
  });
  const service = new AuthServiceImpl({ store, clock, logger: silentLogger() });
  return { store, clock, apiKey, keyId, service };
}

describe("AuthServiceImpl.verifyApiKey", () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    ctx = await setup();
  });

  const verify = (apiKey: string) => ctx.service.verifyApiKey(create(VerifyApiKeyRequestSchema, { apiKey }));

  it("resolves a good key to its agent and scopes", async () => {
    expect(await verify(ctx.apiKey)).toEqual({
      agentId,
      keyId: ctx.keyId,
      scopes: [Scope.FLIGHT_SEARCH, Scope.WALLET_READ],
      agentStatus: AgentStatus.ACTIVE,
      agentTier: AgentTier.ENTERPRISE,
    });
  });

  it.each(["", "not-a-key", "tk_live_short_x"])("rejects a malformed key %j without a lookup", async (apiKey) => {
    await expect(verify(apiKey)).rejects.toMatchObject({ code: "AUTH_INVALID_API_KEY" });
  });

  it("rejects a key that was never issued", async () => {
    await expect(verify(generateApiKey(false))).rejects.toBeInstanceOf(DomainError);
  });

  it("records the last use, at most once a minute", async () => {
    await verify(ctx.apiKey);
    const first = (await ctx.store.findApiKeyById(ctx.keyId))?.lastUsedAt;
    expect(first).toEqual(ctx.clock.now());
    ctx.clock.advance(30_000);
    await verify(ctx.apiKey);
    expect((await ctx.store.findApiKeyById(ctx.keyId))?.lastUsedAt).toEqual(first);
    ctx.clock.advance(30_000);
    await verify(ctx.apiKey);
    expect((await ctx.store.findApiKeyById(ctx.keyId))?.lastUsedAt).toEqual(ctx.clock.now());
  });

  it("still accepts the key when recording its use fails", async () => {
    ctx.store.touchApiKey = async () => {
      throw new Error("database down");
    };
    expect((await verify(ctx.apiKey)).agentId).toBe(agentId);
  });
});

describe("auth routes through createRouterTransport", () => {
  it("answers VerifyApiKey and leaves the other RPCs Unimplemented", async () => {
    const { service, apiKey, keyId } = await setup();
    // The same error translation the service host installs.
    const transport = createRouterTransport(authRoutes(service), {
      router: { interceptors: [errorInterceptor(silentLogger())] },
    });
    const client = createClient(AuthService, transport);
    expect((await client.verifyApiKey({ apiKey })).keyId).toBe(keyId);
    const unknown = await client.verifyApiKey({ apiKey: generateApiKey(true) }).catch((e: unknown) => e);
    expect(ConnectError.from(unknown).code).toBe(Code.Unauthenticated);
    expect(fromConnectError(unknown).code).toBe("AUTH_INVALID_API_KEY");
    const unimplemented = await client.getAgent({ agentId }).catch((e: unknown) => e);
    expect(ConnectError.from(unimplemented).code).toBe(Code.Unimplemented);
  });
});
