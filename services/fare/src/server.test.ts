import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DomainError, fromConnectError, parseConfig, type ServiceHost } from "@tarmac/kernel";
import { asPermittedCaller, silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareConfigSchema } from "./config.js";
import { fareRoutes } from "./routes.js";
import { startFareService } from "./server.js";
import { AGENT, fareHarness, PAX, type FareHarness } from "./testing/fare-harness.js";
import { fareCallerPolicy } from "./caller-policy.js";

const validateRequest = { agentId: AGENT, searchId: "srch_0001", signature: "sig_0001", pax: PAX };

describe("fare service over a real HTTP/2 port", () => {
  let host: ServiceHost;
  let h: FareHarness;
  beforeAll(async () => {
    h = fareHarness();
    const { search, provider, clock } = h.deps;
    host = await startFareService(parseConfig(fareConfigSchema, { FARE_PORT: "0" }), silentLogger(), {
      search,
      provider,
      clock,
      store: h.store,
    });
  });
  afterAll(async () => {
    await host?.stop();
    await h?.store.close();
  });

  it("defaults to port 50052 and search on 50051", () => {
    expect(parseConfig(fareConfigSchema, {})).toMatchObject({ port: 50052, searchUrl: "http://127.0.0.1:50051" });
  });

  it("answers health SERVING for FareService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(fareCallerPolicy)] }));
    expect((await health.check({ service: FareService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("validates, serves the seat map and resolves the lock over gRPC", async () => {
    const client = createClient(
      FareService,
      createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(fareCallerPolicy)] }),
    );
    const { fareToken, offer } = await client.validateFare(validateRequest);
    const map = await client.getSeatMap({
      agentId: AGENT,
      searchId: offer!.searchId,
      signature: offer!.signature,
      provider: offer!.provider,
      fareToken,
    });
    expect(map.segments[0]!.seatmap.length).toBeGreaterThan(0);
    const { lock } = await client.getFareLock({ agentId: AGENT, fareToken });
    expect(lock!.offer!.offerId).toBe(offer!.offerId);
  });

  it("carries the catalogue code across the wire", async () => {
    const client = createClient(
      FareService,
      createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(fareCallerPolicy)] }),
    );
    const error = await client.getFareLock({ agentId: AGENT, fareToken: "forged" }).catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.InvalidArgument);
    expect(fromConnectError(error)).toMatchObject({ code: "BOOKING_FARE_TOKEN_INVALID" } satisfies Partial<DomainError>);
  });

  it("serves the same class on an in-memory router transport", async () => {
    const client = createClient(FareService, createRouterTransport(fareRoutes(h.service)));
    const { fareToken } = await client.validateFare(validateRequest);
    expect((await client.getFareLock({ agentId: AGENT, fareToken })).lock!.agentId).toBe(AGENT);
  });
});
