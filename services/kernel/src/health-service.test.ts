import { create } from "@bufbuild/protobuf";
import { HealthCheckRequestSchema } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { describe, expect, it } from "vitest";
import { HealthService, ServingStatus } from "./health-service.js";

const SERVICE = "tarmac.test.v1.TestService";
const S = ServingStatus.SERVING;
const N = ServingStatus.NOT_SERVING;

const request = (service: string) => create(HealthCheckRequestSchema, { service });
const listed = (health: HealthService) =>
  Object.fromEntries(Object.entries(health.list().statuses).map(([name, res]) => [name, res.status]));

describe("HealthService status transitions", () => {
  it("starts SERVING for the server and every service", () => {
    expect(listed(new HealthService([SERVICE]))).toEqual({ "": S, [SERVICE]: S });
  });

  it("setServing moves the server and its services, leaving dependency entries alone", () => {
    const health = new HealthService([SERVICE]);
    health.set("dependency/nats", N);
    health.setServing(N);
    expect(listed(health)).toEqual({ "": N, [SERVICE]: N, "dependency/nats": N });
    health.set("dependency/nats", S);
    health.setServing(S);
    expect(listed(health)).toEqual({ "": S, [SERVICE]: S, "dependency/nats": S });
    expect(health.check(request("dependency/nats")).status).toBe(S);
  });

  it("ignores every update once closed: a stopping server stays NOT_SERVING", () => {
    const health = new HealthService([SERVICE]);
    health.set("dependency/nats", S);
    health.close();
    health.setServing(S);
    health.set("dependency/nats", S);
    expect(listed(health)).toEqual({ "": N, [SERVICE]: N, "dependency/nats": N });
  });

  it("tells watchers about each transition", async () => {
    const health = new HealthService([SERVICE]);
    const abort = new AbortController();
    const seen: ServingStatus[] = [];
    const watching = (async () => {
      for await (const res of health.watch(request(SERVICE), { signal: abort.signal })) {
        seen.push(res.status);
        if (seen.length === 1) health.setServing(N);
        else if (seen.length === 2) health.setServing(S);
        else abort.abort();
      }
    })();
    await watching;
    expect(seen).toEqual([S, N, S]);
  });
});
