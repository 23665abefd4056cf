import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import type { CallerPolicy } from "./caller-auth/policy.js";
import { startServiceHost, type ServiceHost, type ServiceHostOptions } from "./service-host.js";
import { silentLogger } from "./testing/silent-logger.js";
import { developmentCallerAuth } from "./testing/caller-access.js";

/** A host on a free port that serves only health and reflection, callers checked as in development. */
const bareHost = (): ServiceHostOptions => ({
  name: "t",
  port: 0,
  services: [],
  routes: () => {},
  logger: silentLogger(),
  callerAuth: developmentCallerAuth(),
  callerPolicy: {},
});

describe("service host", () => {
  let host: ServiceHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it("serves grpc.health.v1 over Connect, gRPC and gRPC-Web on one port", async () => {
    host = await startServiceHost(bareHost());
    const transports = [
      createGrpcTransport({ baseUrl: host.url }),
      createConnectTransport({ baseUrl: host.url, httpVersion: "2" }),
      createGrpcWebTransport({ baseUrl: host.url, httpVersion: "2" }),
    ];
    for (const transport of transports) {
      const res = await createClient(Health, transport).check({ service: "" });
      expect(res.status).toBe(ServingStatus.SERVING);
    }
  });

  it("serves Connect and gRPC-Web over HTTP/1.1 on the same port, so curl and browsers call it directly", async () => {
    host = await startServiceHost(bareHost());
    for (const transport of [
      createConnectTransport({ baseUrl: host.url, httpVersion: "1.1" }),
      createGrpcWebTransport({ baseUrl: host.url, httpVersion: "1.1" }),
    ]) {
      expect((await createClient(Health, transport).check({ service: "" })).status).toBe(ServingStatus.SERVING);
    }
    // What `curl -H 'Content-Type: application/json' -d '{}' <url>/grpc.health.v1.Health/Check` sends.
    const res = await fetch(`${host.url}/grpc.health.v1.Health/Check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ service: "" }),
    });
    expect([res.status, await res.json()]).toEqual([200, { status: "SERVING" }]);
  });

  it("refuses to start on a caller policy or CALLER_GRANTS naming a method it does not serve", async () => {
    const start = (callerAuth: ReturnType<typeof developmentCallerAuth>, callerPolicy: CallerPolicy) =>
      startServiceHost({ name: "t", port: 0, services: [Health], routes: () => {}, logger: silentLogger(), callerAuth, callerPolicy });
    await expect(start(developmentCallerAuth(), { Chek: { admin: "trusted" } })).rejects.toThrow(
      /policy names methods it does not serve: Chek/,
    );
    const grants = new Map([["reports", new Set(["Check", "Wach"])]]);
    await expect(start({ ...developmentCallerAuth(), grants }, {})).rejects.toThrow(
      /CALLER_GRANTS names methods t does not serve: reports=Wach/,
    );
  });

  it("releases what its service opened once, after it stopped, or at once when it cannot start", async () => {
    const released: string[] = [];
    host = await startServiceHost({ ...bareHost(), release: async () => void released.push("first") });
    const taken = host.port;
    await expect(startServiceHost({ ...bareHost(), port: taken, release: async () => void released.push("second") })).rejects.toThrow(
      /EADDRINUSE/,
    );
    expect(released).toEqual(["second"]);
    await Promise.all([host.stop(), host.stop()]);
    await host.stop();
    expect(released).toEqual(["second", "first"]);
    host = undefined;
  });

  it("takes a caller's deadline weeks away as none, where a timer would end the call after 1 ms", async () => {
    host = await startServiceHost(bareHost());
    // Beyond 2^31 - 1 ms (24.8 days), the longest delay setTimeout keeps: gRPC's largest (8 digits of
    // seconds, the handler's timer) and a client's own (Connect: the client's timer and the handler's).
    const done = new AbortController();
    try {
      const grpc = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
      const connect = createClient(Health, createConnectTransport({ baseUrl: host.url, httpVersion: "2" }));
      const watches = [
        grpc.watch({ service: "" }, { headers: { "grpc-timeout": "99999999S" }, signal: done.signal }),
        connect.watch({ service: "" }, { timeoutMs: 30 * 24 * 3600 * 1000, signal: done.signal }),
      ].map((watch) => watch[Symbol.asyncIterator]());
      const first = await Promise.all(watches.map((w) => w.next()));
      expect(first.map((r) => [r.done, r.value?.status])).toEqual([
        [false, ServingStatus.SERVING],
        [false, ServingStatus.SERVING],
      ]);
      // A stream its deadline ended (quietly: Watch just stops) would not see a change made later.
      await new Promise((resolve) => setTimeout(resolve, 20));
      host.health.setServing(ServingStatus.NOT_SERVING);
      const next = await Promise.all(watches.map((w) => w.next()));
      expect(next.map((r) => [r.done, r.value?.status])).toEqual([
        [false, ServingStatus.NOT_SERVING],
        [false, ServingStatus.NOT_SERVING],
      ]);
    } finally {
      // Connect's client leaves a stream open when its reader stops: the signal ends both, so the host can stop.
      done.abort();
    }
    // A unary Connect call from curl with the largest timeout Connect's header holds (10 digits of ms).
    const res = await fetch(`${host.url}/grpc.health.v1.Health/Check`, {
      method: "POST",
      headers: { "content-type": "application/json", "connect-timeout-ms": "9999999999" },
      body: JSON.stringify({ service: "" }),
    });
    expect([res.status, await res.json()]).toEqual([200, { status: "NOT_SERVING" }]);
  });

  it("keeps answering calls, new connections included, during its drain delay, with its health NOT_SERVING", async () => {
    host = await startServiceHost({ ...bareHost(), drainDelayMs: 400 });
    const { url } = host;
    const existing = createClient(Health, createGrpcTransport({ baseUrl: url }));
    expect((await existing.check({ service: "" })).status).toBe(ServingStatus.SERVING);
    const began = Date.now();
    const stopped = host.stop();
    // A client that has not yet learned the pod left the endpoints: its calls still succeed.
    const late = createClient(Health, createGrpcTransport({ baseUrl: url }));
    expect((await late.check({ service: "" })).status).toBe(ServingStatus.NOT_SERVING);
    expect((await existing.check({ service: "" })).status).toBe(ServingStatus.NOT_SERVING);
    await stopped;
    expect(Date.now() - began).toBeGreaterThanOrEqual(390);
    // Once stopped, a new connection is refused.
    await expect(createClient(Health, createGrpcTransport({ baseUrl: url })).check({ service: "" })).rejects.toThrow();
  });

  it("reports NOT_SERVING to watchers when it stops", async () => {
    host = await startServiceHost(bareHost());
    const client = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    const seen: ServingStatus[] = [];
    const watching = (async () => {
      for await (const res of client.watch({ service: "" })) {
        seen.push(res.status);
        if (seen.length === 1) void host.stop();
      }
    })();
    await watching.catch(() => {});
    expect(seen).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });
});
