import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { fromConnectError, MONGO_CLIENT_OPTIONS, newId, parseConfig, type ServiceHost } from "@tarmac/kernel";
import { asPermittedCaller, silentLogger } from "@tarmac/kernel/testing";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { startWalletService, walletCallerPolicy, walletConfigSchema } from "@tarmac/wallet";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlackholeProxy } from "./testing/blackhole-proxy.js";

/**
 * A MongoDB that stops answering (a partition: connections stay open, nothing comes back) must
 * not hold request-path RPCs past their callers' deadlines: they answer UNAVAILABLE in time.
 */
const uri = process.env.MONGODB_URI;
if (!uri) console.info("blackholed MongoDB test skipped: set MONGODB_URI (a replica set) to run it");

describe.skipIf(!uri)("the wallet service on a MongoDB that stops answering", () => {
  let proxy: BlackholeProxy;
  let host: ServiceHost | undefined;
  const database = `tarmac_blackhole_${newId("t").slice(-12)}`;
  beforeAll(async () => {
    const admin = new MongoClient(uri ?? "", MONGO_CLIENT_OPTIONS);
    const hello = await admin.db("admin").command({ hello: 1 });
    await admin.close();
    const [primaryHost, primaryPort] = String(hello.primary ?? hello.me).split(":");
    proxy = await BlackholeProxy.start({ host: primaryHost ?? "localhost", port: Number(primaryPort ?? 27017) });
    const config = parseConfig(walletConfigSchema, {
      TARMAC_ENV: "test",
      WALLET_PORT: "0",
      METRICS_PORT: "0",
      MONGODB_URI: `mongodb://127.0.0.1:${proxy.port}/?directConnection=true`,
      MONGODB_DB: database,
    });
    host = await startWalletService(config, silentLogger());
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await host?.stop();
    const cleanup = new MongoClient(uri ?? "", MONGO_CLIENT_OPTIONS);
    await cleanup
      .db(database)
      .dropDatabase()
      .catch(() => undefined);
    await cleanup.close();
  }, 60_000);

  it("answers reads and writes UNAVAILABLE within the caller's deadline, and worked before", async () => {
    const wallet = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: host!.url, interceptors: [asPermittedCaller(walletCallerPolicy)] }),
    );
    expect((await wallet.getBalance({ agentId: DEMO_AGENT_ID }, { timeoutMs: 5_000 })).balance).toBeDefined();
    proxy.swallow();
    for (const call of [
      () => wallet.getBalance({ agentId: DEMO_AGENT_ID }, { timeoutMs: 2_000 }),
      () =>
        wallet.topUp({ agentId: DEMO_AGENT_ID, amountPaise: 100n, reference: newId("blackhole"), description: "" }, { timeoutMs: 2_000 }),
    ]) {
      const begun = performance.now();
      const failure = fromConnectError(await call().catch((e: unknown) => e));
      expect(performance.now() - begun).toBeLessThan(2_000);
      expect([failure.code, failure.retryable]).toEqual(["UNAVAILABLE", true]);
    }
  }, 30_000);
});
