import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { parseConfig, type ServiceHost } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletConfigSchema } from "./config.js";
import { startWalletService } from "./server.js";

describe("wallet service shell", () => {
  let host: ServiceHost;
  beforeAll(async () => {
    host = await startWalletService(parseConfig(walletConfigSchema, { WALLET_PORT: "0" }), silentLogger());
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("defaults to port 50054", () => {
    expect(parseConfig(walletConfigSchema, {}).port).toBe(50054);
  });

  it("answers health SERVING for WalletService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    expect((await health.check({ service: WalletService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("answers Unimplemented rather than inventing data", async () => {
    const client = createClient(WalletService, createGrpcTransport({ baseUrl: host.url }));
    const error = await client.openAccount({}).then(() => undefined, (e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unimplemented);
  });
});
