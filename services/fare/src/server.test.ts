import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { parseConfig, type ServiceHost } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareConfigSchema } from "./config.js";
import { startFareService } from "./server.js";

describe("fare service shell", () => {
  let host: ServiceHost;
  beforeAll(async () => {
    host = await startFareService(parseConfig(fareConfigSchema, { FARE_PORT: "0" }), silentLogger());
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("defaults to port 50052", () => {
    expect(parseConfig(fareConfigSchema, {}).port).toBe(50052);
  });

  it("answers health SERVING for FareService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    expect((await health.check({ service: FareService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("answers Unimplemented rather than inventing data", async () => {
    const client = createClient(FareService, createGrpcTransport({ baseUrl: host.url }));
    const error = await client.validateFare({}).then(() => undefined, (e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unimplemented);
  });
});
