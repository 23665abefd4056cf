import { fromJsonString } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { eventBody, InProcessBus, type OutboxEvent } from "@tarmac/events";
import { ConfigError, fromConnectError, parseConfig, type ServiceHost } from "@tarmac/kernel";
import { activeAgents, asPermittedCaller, ManualClock, productionCallerEnv, signedAs, silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { WalletMovedEventSchema } from "@tarmac/proto/tarmac/events/v1/events_pb.js";
import { EntryKind, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_WALLET_SECRET, walletConfigSchema } from "./config.js";
import { DEMO_WALLET } from "./dev-seed.js";
import { startWalletService } from "./server.js";
import { MemoryWalletStore } from "./store/memory-wallet-store.js";
import { walletCallerPolicy } from "./caller-policy.js";

/** Production requires both; never reached here, the tests give the service its store and publisher. */
const PRODUCTION_STORES = {
  MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
  NATS_URL: "nats://nats.example.test:4222",
  ...productionCallerEnv("wallet"),
};

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("wallet configuration", () => {
  it("defaults to port 50054, memory, the in-process bus and a 30 s sweep", () => {
    expect(parseConfig(walletConfigSchema, {})).toMatchObject({
      port: 50054,
      host: "127.0.0.1",
      mongoUri: undefined,
      mongoDb: "tarmac",
      events: { natsUrl: undefined, streamName: "TARMAC", subjectPrefix: "tarmac" },
      holdSweepIntervalMs: 30_000,
      usesDevelopmentSecret: true,
    });
  });

  it("reads every variable", () => {
    const config = parseConfig(walletConfigSchema, {
      WALLET_HOST: "0.0.0.0",
      WALLET_PORT: "6000",
      MONGODB_URI: "mongodb://db:27017/?replicaSet=rs0",
      MONGODB_DB: "wallets",
      NATS_URL: "nats://nats:4222",
      TARMAC_WALLET_SECRET: "s".repeat(40),
      HOLD_SWEEP_INTERVAL_MS: "5000",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 6000,
      mongoDb: "wallets",
      events: { natsUrl: "nats://nats:4222", streamName: "TARMAC", subjectPrefix: "tarmac" },
      holdSweepIntervalMs: 5_000,
      usesDevelopmentSecret: false,
    });
  });

  it("refuses the development secret in production, short secrets and bad intervals", () => {
    expect(() => parseConfig(walletConfigSchema, { TARMAC_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig(walletConfigSchema, { TARMAC_ENV: "production", TARMAC_WALLET_SECRET: DEVELOPMENT_WALLET_SECRET })).toThrow(
      /TARMAC_WALLET_SECRET/,
    );
    expect(() => parseConfig(walletConfigSchema, { TARMAC_WALLET_SECRET: "short" })).toThrow(/TARMAC_WALLET_SECRET/);
    expect(() => parseConfig(walletConfigSchema, { HOLD_SWEEP_INTERVAL_MS: "0" })).toThrow(/HOLD_SWEEP_INTERVAL_MS/);
    expect(() => parseConfig(walletConfigSchema, { MONGODB_URI: "postgres://x" })).toThrow(/MONGODB_URI/);
    expect(
      parseConfig(walletConfigSchema, { ...PRODUCTION_STORES, TARMAC_ENV: "production", TARMAC_WALLET_SECRET: "p".repeat(32) }).environment,
    ).toBe("production");
  });
});

describe("wallet service over a real HTTP/2 port", () => {
  let host: ServiceHost;
  let store: MemoryWalletStore;
  let clock: ManualClock;
  const bus = new InProcessBus();
  const published: OutboxEvent[] = [];
  const client = () =>
    createClient(WalletService, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(walletCallerPolicy)] }));

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    store = new MemoryWalletStore({ clock });
    bus.subscribe((event) => published.push(event));
    host = await startWalletService(parseConfig(walletConfigSchema, { WALLET_PORT: "0", HOLD_SWEEP_INTERVAL_MS: "100" }), silentLogger(), {
      clock,
      store,
      publisher: bus,
      auth: activeAgents(["agt_suspended"]),
    });
  });
  afterAll(async () => {
    await host?.stop();
    await bus.close();
  });

  it("answers health SERVING for WalletService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(walletCallerPolicy)] }));
    expect((await health.check({ service: WalletService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("seeds the demo wallet outside production", async () => {
    const { balance } = await client().getBalance({ agentId: DEMO_WALLET.agentId });
    expect(balance).toMatchObject({
      currency: "INR",
      balancePaise: 50_000_000n,
      creditLimitPaise: 10_000_000n,
      heldPaise: 0n,
      availablePaise: 60_000_000n,
    });
    const { lines } = await client().listStatement({ agentId: DEMO_WALLET.agentId });
    expect(lines.map((l) => [l.kind, l.amountPaise, l.reference])).toEqual([[EntryKind.TOP_UP, 50_000_000n, "dev-seed"]]);
  });

  it("holds, captures and refunds over gRPC, and publishes the movements through the outbox relay", async () => {
    const agentId = "agt_http";
    await client().openAccount({ agentId, creditLimitPaise: 0n });
    await client().topUp({ agentId, amountPaise: 100_000n, reference: "http-top-up" });
    const { holdId } = await client().hold({ agentId, amountPaise: 60_000n, reference: "bkg_http" });
    const captured = await client().capture({ holdId });
    expect(captured.balance).toMatchObject({ balancePaise: 40_000n, heldPaise: 0n, availablePaise: 40_000n });
    await client().credit({ agentId, amountPaise: 10_000n, reference: "bkg_http:cancel", reason: "cancelled" });
    await until(() => published.filter((e) => e.agentId === agentId).length === 3);
    const mine = published.filter((e) => e.agentId === agentId);
    expect(mine.map((e) => [e.type, e.data.kind, e.data.amount_paise, e.data.balance_after_paise])).toEqual([
      ["wallet.credited", "TOP_UP", 100_000, 100_000],
      ["wallet.debited", "CAPTURE", -60_000, 40_000],
      ["wallet.credited", "REFUND", 10_000, 50_000],
    ]);
    // tarmac.events.v1 describes the published JSON: each body parses (unknown names refused) as WalletMovedEvent.
    const parsed = mine.map((e) => fromJsonString(WalletMovedEventSchema, eventBody(e)));
    expect(parsed.map((e) => [e.type, e.agentId, e.data?.kind, e.data?.amountPaise, e.data?.reference])).toEqual([
      ["wallet.credited", agentId, "TOP_UP", 100_000n, "http-top-up"],
      ["wallet.debited", agentId, "CAPTURE", -60_000n, "bkg_http"],
      ["wallet.credited", agentId, "REFUND", 10_000n, "bkg_http:cancel"],
    ]);
    expect(parsed.every((e) => e.id.startsWith("evt_") && e.data?.entryId.startsWith("wtx_") && e.createdAt !== undefined)).toBe(true);
  });

  it("carries WALLET_INSUFFICIENT_FUNDS and WALLET_ACCOUNT_NOT_FOUND across the wire", async () => {
    await client().openAccount({ agentId: "agt_poor" });
    const poor = await client()
      .hold({ agentId: "agt_poor", amountPaise: 1n, reference: "bkg_poor" })
      .catch((e: unknown) => e);
    expect(ConnectError.from(poor).code).toBe(Code.FailedPrecondition);
    expect(fromConnectError(poor)).toMatchObject({
      code: "WALLET_INSUFFICIENT_FUNDS",
      status: 402,
      message: "Insufficient wallet funds: available 0.00 INR, needed 0.01 INR",
    });
    const missing = await client()
      .getBalance({ agentId: "agt_missing" })
      .catch((e: unknown) => e);
    expect(ConnectError.from(missing).code).toBe(Code.NotFound);
    expect(fromConnectError(missing)).toMatchObject({ code: "WALLET_ACCOUNT_NOT_FOUND", status: 404 });
    const invalid = await client()
      .topUp({ agentId: "agt_poor", amountPaise: 0n, reference: "r" })
      .catch((e: unknown) => e);
    expect(fromConnectError(invalid)).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "amount_paise", code: "OUT_OF_RANGE" }],
    });
  });

  it("lets booking's identity credit only refunds of what a booking paid, and ops goodwill", async () => {
    const agentId = "agt_credit";
    const as = (caller: string) =>
      createClient(WalletService, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs(caller)] }));
    await client().openAccount({ agentId });
    const minted = await as("booking")
      .credit({ agentId, amountPaise: 10_000_000n, reference: "bkg_none", reason: "refund" })
      .catch((e: unknown) => e);
    expect(ConnectError.from(minted).code).toBe(Code.FailedPrecondition);
    expect(fromConnectError(minted)).toMatchObject({ code: "WALLET_CREDIT_NOT_ALLOWED", status: 422 });
    await as("admin").credit({ agentId, amountPaise: 10_000_000n, reference: "goodwill-credit", reason: "goodwill" });
    const { holdId } = await as("booking").hold({ agentId, amountPaise: 30_000n, reference: "bkg_credit" });
    await as("booking").capture({ holdId });
    await as("booking").credit({ agentId, amountPaise: 30_000n, reference: "bkg_credit/rfd_1", reason: "refund" });
    expect((await client().getBalance({ agentId })).balance).toMatchObject({ balancePaise: 10_000_000n });
  });

  it("voids expired holds on its sweep timer", async () => {
    const agentId = "agt_sweep";
    await client().openAccount({ agentId, creditLimitPaise: 5_000n });
    const { holdId } = await client().hold({ agentId, amountPaise: 5_000n, reference: "bkg_sweep" });
    clock.advance(31 * 60_000);
    await until(async () => (await store.findHold(holdId))?.state === "VOIDED");
    expect((await client().getBalance({ agentId })).balance).toMatchObject({ heldPaise: 0n, availablePaise: 5_000n });
    const [line] = (await client().listStatement({ agentId, limit: 1 })).lines;
    expect(line).toMatchObject({ kind: EntryKind.VOID, amountPaise: 5_000n });
    expect(line!.description).toContain("expired");
  });
});

describe("wallet service start and stop", () => {
  it("does not seed in production and restarts without topping up twice", async () => {
    const clock = new ManualClock(new Date());
    const store = new MemoryWalletStore({ clock });
    const bus = new InProcessBus();
    const production = await startWalletService(
      parseConfig(walletConfigSchema, {
        WALLET_PORT: "0",
        ...PRODUCTION_STORES,
        TARMAC_ENV: "production",
        TARMAC_WALLET_SECRET: "p".repeat(32),
      }),
      silentLogger(),
      { clock, store, publisher: bus },
    );
    await production.stop();
    expect(await store.findAccount(DEMO_WALLET.agentId)).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const dev = await startWalletService(parseConfig(walletConfigSchema, { WALLET_PORT: "0" }), silentLogger(), {
        clock,
        store,
        publisher: bus,
      });
      await dev.stop();
    }
    expect(await store.findAccount(DEMO_WALLET.agentId)).toMatchObject({
      balancePaise: DEMO_WALLET.balancePaise,
      creditLimitPaise: DEMO_WALLET.creditLimitPaise,
    });
    expect(await store.listTransactions(DEMO_WALLET.agentId)).toHaveLength(1);
    await bus.close();
  });

  it("starts with its own store and publisher and stops cleanly", async () => {
    const host = await startWalletService(parseConfig(walletConfigSchema, { WALLET_PORT: "0" }), silentLogger(), { auth: activeAgents() });
    const client = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(walletCallerPolicy)] }),
    );
    expect((await client.getBalance({ agentId: DEMO_WALLET.agentId })).balance?.availablePaise).toBe(60_000_000n);
    await host.stop();
  });
});
