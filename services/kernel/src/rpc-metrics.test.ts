import { create } from "@bufbuild/protobuf";
import { Code, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { Health } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { GetBalanceResponseSchema, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "./errors/domain-error.js";
import { createMetricsRegistry, type MetricsRegistry } from "./metrics.js";
import { grpcCodeName } from "./rpc-metrics.js";
import { startServiceHost, type ServiceHost } from "./service-host.js";
import { silentLogger } from "./testing/silent-logger.js";
import { developmentCallerAuth, everyMethodFor, signedAs } from "./testing/caller-access.js";

describe("grpcCodeName", () => {
  it("names codes as gRPC does", () => {
    expect(grpcCodeName(undefined)).toBe("OK");
    expect(grpcCodeName(Code.InvalidArgument)).toBe("INVALID_ARGUMENT");
    expect(grpcCodeName(Code.DeadlineExceeded)).toBe("DEADLINE_EXCEEDED");
    expect(grpcCodeName(Code.Canceled)).toBe("CANCELLED");
    expect(grpcCodeName(Code.Unauthenticated)).toBe("UNAUTHENTICATED");
  });
});

describe("RPC metrics of the service host", () => {
  let host: ServiceHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  const start = (metrics: MetricsRegistry, metricsPort?: number) =>
    startServiceHost({
      name: "wallet",
      port: 0,
      ...(metricsPort !== undefined && { metricsPort }),
      metrics,
      services: [WalletService],
      callerAuth: developmentCallerAuth(),
      callerPolicy: everyMethodFor([WalletService]),
      routes: (router) =>
        router.service(WalletService, {
          getBalance(req) {
            if (req.agentId === "ok") return create(GetBalanceResponseSchema, {});
            if (req.agentId === "missing") throw new DomainError("WALLET_ACCOUNT_NOT_FOUND", "No wallet");
            throw new Error("boom");
          },
        }),
      logger: silentLogger(),
    });

  const sample = async (metrics: MetricsRegistry, name: string, labels: Record<string, string>) => {
    const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
    const found = metric?.values.filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value));
    return found?.reduce((sum, v) => sum + v.value, 0) ?? 0;
  };

  it("counts and times every call by service, method and the gRPC code the caller got", async () => {
    const metrics = createMetricsRegistry();
    host = await start(metrics);
    expect(host.metricsUrl).toBeUndefined();
    const wallet = createClient(WalletService, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs()] }));
    await wallet.getBalance({ agentId: "ok" });
    await wallet.getBalance({ agentId: "ok" });
    await expect(wallet.getBalance({ agentId: "missing" })).rejects.toMatchObject({ code: Code.NotFound });
    await expect(wallet.getBalance({ agentId: "crash" })).rejects.toMatchObject({ code: Code.Internal });
    await expect(wallet.hold({})).rejects.toMatchObject({ code: Code.Unimplemented });

    const method = "tarmac.wallet.v1.WalletService/GetBalance";
    expect(await sample(metrics, "rpc_requests_total", { service: "wallet", method, code: "OK" })).toBe(2);
    expect(await sample(metrics, "rpc_requests_total", { service: "wallet", method, code: "NOT_FOUND" })).toBe(1);
    expect(await sample(metrics, "rpc_requests_total", { service: "wallet", method, code: "INTERNAL" })).toBe(1);
    expect(await sample(metrics, "rpc_requests_total", { method: "tarmac.wallet.v1.WalletService/Hold", code: "UNIMPLEMENTED" })).toBe(1);
    const histogram = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === "rpc_request_duration_seconds");
    const count = histogram?.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === "rpc_request_duration_seconds_count" &&
        v.labels.code === "OK" &&
        v.labels.method === method,
    );
    expect(count?.value).toBe(2);
  });

  it("measures a stream when it ends, and closes the metrics server with the host", async () => {
    const metrics = createMetricsRegistry();
    host = await start(metrics, 0);
    expect(host.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs()] }));
    await expect(health.check({ service: "nope" })).rejects.toMatchObject({ code: Code.NotFound });
    const seen: number[] = [];
    for await (const res of health.watch({ service: "" })) {
      seen.push(res.status);
      if (seen.length === 1) {
        expect(await sample(metrics, "rpc_requests_total", { method: "grpc.health.v1.Health/Watch" })).toBe(0);
        void host.stop();
      }
    }
    expect(await sample(metrics, "rpc_requests_total", { service: "wallet", method: "grpc.health.v1.Health/Watch", code: "OK" })).toBe(1);

    const url = host.metricsUrl!;
    await host.stop();
    host = undefined;
    await expect(fetch(url)).rejects.toThrow();
  });

  it("serves the registry's metrics on metricsUrl while running", async () => {
    const metrics = createMetricsRegistry();
    host = await start(metrics, 0);
    const wallet = createClient(WalletService, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs()] }));
    await wallet.getBalance({ agentId: "ok" });
    const res = await fetch(host.metricsUrl!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      'rpc_requests_total{service="wallet",method="tarmac.wallet.v1.WalletService/GetBalance",code="OK"} 1',
    );
  });

  it("does not start when the metrics port is taken", async () => {
    const taken = await start(createMetricsRegistry(), 0);
    try {
      const port = Number(new URL(taken.metricsUrl!).port);
      await expect(start(createMetricsRegistry(), port)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await taken.stop();
    }
  });
});
