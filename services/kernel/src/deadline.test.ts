import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { remainingMsOf } from "./deadline.js";
import { fromConnectError } from "./errors/connect.js";
import { startServiceHost, type ServiceHost } from "./service-host.js";
import { createLogger } from "./logger.js";
import { developmentCallerAuth, everyMethodFor, signedAs } from "./testing/caller-access.js";

describe("remainingMsOf", () => {
  it("reads gRPC's grpc-timeout in each unit and Connect's connect-timeout-ms", () => {
    const of = (name: string, value: string) => remainingMsOf(new Headers({ [name]: value }));
    expect([of("grpc-timeout", "2999m"), of("grpc-timeout", "3S"), of("grpc-timeout", "1M"), of("grpc-timeout", "500000u")]).toEqual([
      2_999, 3_000, 60_000, 500,
    ]);
    expect(of("connect-timeout-ms", "750")).toBe(750);
    expect([of("grpc-timeout", "soon"), remainingMsOf(new Headers())]).toEqual([undefined, undefined]);
  });
});

describe("a service host and its callers' deadlines", () => {
  let host: ServiceHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  /** A search service whose store hangs (a blackholed database) and that counts its calls. */
  async function hangingService() {
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger({ name: "t", level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const started: number[] = [];
    host = await startServiceHost({
      name: "t",
      port: 0,
      services: [SearchService],
      routes: (router) =>
        router.service(SearchService, {
          searchFlights: () => {
            started.push(Date.now());
            return new Promise(() => undefined);
          },
        }),
      logger,
      callerAuth: developmentCallerAuth(),
      callerPolicy: everyMethodFor([SearchService]),
    });
    return { client: createClient(SearchService, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs()] })), started, lines };
  }

  it("answers UNAVAILABLE (retryable) before the caller's deadline when the work hangs, and logs no error", async () => {
    const { client, started, lines } = await hangingService();
    const begun = performance.now();
    const failure = await client.searchFlights({}, { timeoutMs: 2_000 }).catch((e: unknown) => e);
    // Answered before the caller's own deadline fired (which would have said DEADLINE_EXCEEDED).
    expect(performance.now() - begun).toBeLessThan(2_000);
    expect([fromConnectError(failure).code, fromConnectError(failure).retryable]).toEqual(["UNAVAILABLE", true]);
    expect(started).toHaveLength(1);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual(["rpc answered UNAVAILABLE at its caller's deadline"]);
  });

  it("does not start a call whose deadline has already passed", async () => {
    const { client, started } = await hangingService();
    const failure = ConnectError.from(await client.searchFlights({}, { timeoutMs: 1 }).catch((e: unknown) => e));
    expect(failure.code).toBe(Code.DeadlineExceeded);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([]);
  });
});
