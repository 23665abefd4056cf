import { create, toBinary } from "@bufbuild/protobuf";
import { SearchFlightsResponseSchema, SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient } from "../clients.js";
import { ConfigError } from "../config.js";
import { startServiceHost, type ServiceHost } from "../service-host.js";
import { developmentCallerAuth, everyMethodFor, testCredential } from "../testing/caller-access.js";
import { silentLogger } from "../testing/silent-logger.js";
import { withEncoding } from "./encoded-answer.js";
import { parseGrpcFastPath } from "./switch.js";

describe("TARMAC_GRPC_FAST_PATH", () => {
  it("is on unless set to off, and refuses anything else naming the variable", () => {
    expect(parseGrpcFastPath({})).toBe(true);
    expect(parseGrpcFastPath({ TARMAC_GRPC_FAST_PATH: "on" })).toBe(true);
    expect(parseGrpcFastPath({ TARMAC_GRPC_FAST_PATH: "off" })).toBe(false);
    expect(() => parseGrpcFastPath({ TARMAC_GRPC_FAST_PATH: "false" })).toThrow(ConfigError);
    expect(() => parseGrpcFastPath({ TARMAC_GRPC_FAST_PATH: "false" })).toThrow(/TARMAC_GRPC_FAST_PATH/);
  });
});

describe("hosts and clients with the fast path on and off", () => {
  const hosts: Record<"on" | "off", ServiceHost | undefined> = { on: undefined, off: undefined };
  beforeAll(async () => {
    for (const setting of ["on", "off"] as const) {
      hosts[setting] = await startServiceHost({
        name: "t",
        port: 0,
        services: [SearchService],
        routes: (router) =>
          router.service(SearchService, {
            searchFlights() {
              // Recorded with another message's bytes: only the fast path sends recorded bytes as they
              // are (Connect encodes the message), so the answer says which of the two served it.
              const bytes = toBinary(SearchFlightsResponseSchema, create(SearchFlightsResponseSchema, { searchId: "srch_recorded" }));
              return withEncoding(create(SearchFlightsResponseSchema, { searchId: "srch_message" }), [bytes]);
            },
          }),
        logger: silentLogger(),
        callerAuth: developmentCallerAuth(),
        callerPolicy: everyMethodFor([SearchService]),
        grpcFastPath: setting === "on",
      });
    }
  });
  afterAll(async () => {
    await Promise.all([hosts.on?.stop(), hosts.off?.stop()]);
  });

  it.each([
    ["on", "on", "srch_recorded"],
    ["off", "on", "srch_message"],
    ["on", "off", "srch_recorded"],
    ["off", "off", "srch_message"],
  ] as const)("a host %s, called by a client %s, answers %s", async (host, client, searchId) => {
    const search = createServiceClient(SearchService, hosts[host]?.url ?? "", {
      credential: testCredential(),
      grpcFastPath: client === "on",
    });
    expect((await search.searchFlights({})).searchId).toBe(searchId);
  });
});
