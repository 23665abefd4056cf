import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { createSandboxAirline } from "@tarmac/airline";
import { CallerTokenIssuer, fromConnectError, parseConfig, type ServiceHost } from "@tarmac/kernel";
import { asPermittedCaller, ManualClock, silentLogger, testCredential } from "@tarmac/kernel/testing";
import {
  Health,
  HealthCheckRequestSchema,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as ServingStatus,
} from "@tarmac/proto/grpc/health/v1/health_pb.js";
import {
  SearchFlightsRequestSchema,
  SearchFlightsResponseSchema,
  SearchService,
  type Offer,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { searchConfigSchema } from "./config.js";
import { startSearchService } from "./server.js";
import { grpcJsUnary } from "./testing/grpc-js-unary.js";
import { expectSorted } from "./testing/ordering.js";
import { dateAhead } from "./testing/search-harness.js";
import { searchCallerPolicy } from "./caller-policy.js";

const config = parseConfig(searchConfigSchema, { SEARCH_PORT: "0", TARMAC_ENV: "test" });

describe("search service on a real HTTP/2 port", () => {
  let host: ServiceHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it("pages through the sandbox's large DEL-BOM search over gRPC, asking the airline once", async () => {
    const clock = new ManualClock(new Date());
    const sandbox = createSandboxAirline({ clock });
    const searchFlights = vi.fn(sandbox.searchFlights.bind(sandbox));
    host = await startSearchService(config, silentLogger(), { clock, provider: { ...sandbox, searchFlights } });
    const client = createClient(
      SearchService,
      createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(searchCallerPolicy)] }),
    );

    const dod = dateAhead(clock, 20);
    const first = await client.searchFlights({ agentId: "agt_demo", origin: "DEL", dest: "BOM", dod, limit: 500 });
    expect(first.totalResults).toBeGreaterThan(1000);
    const seen: Offer[] = [...first.results];
    let cursor = first.cursor;
    let pages = 1;
    while (cursor !== "") {
      const page = await client.searchFlights({ agentId: "agt_demo", cursor, limit: pages % 2 === 0 ? 500 : 333 });
      expect(page.count).toBe(page.results.length);
      seen.push(...page.results);
      cursor = page.cursor;
      pages++;
    }
    expect(seen).toHaveLength(first.totalResults);
    expect(new Set(seen.map((o) => o.offerId)).size).toBe(first.totalResults);
    expectSorted(seen);
    for (const offer of seen) {
      const p = offer.pricingBreakdown!;
      expect(p.netFarePaise).toBe(p.baseFarePaise + p.taxesPaise + p.otaMarkupPaise - p.commissionPaise);
      expect(p.finalPricePaise).toBe(p.baseFarePaise + p.taxesPaise + p.otaMarkupPaise + p.agentMarkupPaise);
      expect(offer.segments[0]!.depTime).toMatch(/\+05:30$/);
    }
    expect(searchFlights).toHaveBeenCalledTimes(1);

    const again = await client.searchFlights({ agentId: "agt_demo", origin: "DEL", dest: "BOM", dod, limit: 10 });
    const c = again.cursor;
    const tampered = c.slice(0, 30) + (c[30] === "A" ? "B" : "A") + c.slice(31);
    const invalid = await client.searchFlights({ agentId: "agt_demo", cursor: tampered }).catch((e: unknown) => e);
    expect(fromConnectError(invalid).code).toBe("SEARCH_CURSOR_INVALID");
    clock.advance(31 * 60_000);
    const expired = await client.searchFlights({ agentId: "agt_demo", cursor: c }).catch((e: unknown) => e);
    expect(fromConnectError(expired).code).toBe("SEARCH_CURSOR_EXPIRED");
  });

  it("reports SERVING for the search service on grpc.health.v1", async () => {
    host = await startSearchService(config, silentLogger());
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(searchCallerPolicy)] }));
    expect((await health.check({ service: SearchService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("answers health and search to @grpc/grpc-js over real gRPC", async () => {
    const clock = new ManualClock(new Date());
    host = await startSearchService(config, silentLogger(), { clock });
    const address = `127.0.0.1:${host.port}`;
    const gateway = new CallerTokenIssuer(testCredential("gateway"));
    const health = await grpcJsUnary(address, "/grpc.health.v1.Health/Check", HealthCheckRequestSchema, HealthCheckResponseSchema, {
      service: SearchService.typeName,
    });
    expect(health.status).toBe(ServingStatus.SERVING);
    const res = await grpcJsUnary(
      address,
      "/tarmac.search.v1.SearchService/SearchFlights",
      SearchFlightsRequestSchema,
      SearchFlightsResponseSchema,
      { agentId: "agt_one", origin: "BLR", dest: "HYD", dod: dateAhead(clock, 15), limit: 5 },
      // As the gateway calls it: its own token and its word for the agency.
      {
        authorization: `Bearer ${await gateway.tokenFor(SearchService.typeName)}`,
        "x-tarmac-agent-context": await gateway.agentContextFor("agt_one"),
      },
    );
    expect(res.searchId).toMatch(/^srch_/);
    expect(res.count).toBe(5);
    expect(res.totalResults).toBeGreaterThan(5);
    expect(res.results[0]!.segments[0]).toMatchObject({ origin: "BLR", dest: "HYD" });
    expect(res.results[0]!.bestPricePaise).toBeGreaterThan(0n);
  });
});
