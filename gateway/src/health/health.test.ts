import { HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "@tarmac/kernel/testing";
import { buildOperations } from "../operations/operations-app.js";
import { expectEnvelope } from "../testing/envelope.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { type TestApp, testApp } from "../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

describe("GET /healthz", () => {
  it("answers 200 {status: ok} without asking any peer", async () => {
    gateway = await testApp({ health: { search: "down", auth: "down" } });
    const response = await gateway.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toBeTruthy();
  });
});

describe("GET /readyz", () => {
  it("answers 200 ready with every service SERVING", async () => {
    gateway = await testApp();
    const response = await gateway.ops.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      services: { search: "SERVING", fare: "SERVING", booking: "SERVING", wallet: "SERVING", auth: "SERVING", webhooks: "SERVING" },
    });
  });

  it("answers 503 UNAVAILABLE naming the services that are not serving, and logs them all", async () => {
    gateway = await testApp({ health: { fare: ServingStatus.NOT_SERVING, wallet: "down" } });
    const response = await gateway.ops.inject({ method: "GET", url: "/readyz" });
    const body = expectEnvelope(response, "UNAVAILABLE");
    expect(body.error.message).toBe("Not ready: fare (NOT_SERVING), wallet (UNREACHABLE)");
    const logged = gateway.logs.find((line) => line.msg === "not ready");
    expect(logged?.services).toEqual({
      search: "SERVING",
      fare: "NOT_SERVING",
      booking: "SERVING",
      wallet: "UNREACHABLE",
      auth: "SERVING",
      webhooks: "SERVING",
    });
  });

  it("names the dependencies a NOT_SERVING service reports failing (grpc.health.v1 List)", async () => {
    gateway = await testApp({
      health: { booking: ServingStatus.NOT_SERVING, wallet: ServingStatus.NOT_SERVING },
      dependencies: {
        booking: { nats: ServingStatus.NOT_SERVING, mongodb: ServingStatus.SERVING },
        wallet: { nats: ServingStatus.NOT_SERVING, mongodb: ServingStatus.NOT_SERVING },
      },
    });
    const response = await gateway.ops.inject({ method: "GET", url: "/readyz" });
    const body = expectEnvelope(response, "UNAVAILABLE");
    expect(body.error.message).toBe("Not ready: booking (NOT_SERVING: nats), wallet (NOT_SERVING: mongodb, nats)");
    expect(gateway.logs.find((line) => line.msg === "not ready")?.dependencies).toEqual({ booking: ["nats"], wallet: ["mongodb", "nats"] });
  });

  it("asks again on every call, so it is ready as soon as the services are", async () => {
    const health: Partial<Record<"booking", ServingStatus>> = { booking: ServingStatus.NOT_SERVING };
    gateway = await testApp({ health });
    expect((await gateway.ops.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    health.booking = ServingStatus.SERVING;
    expect((await gateway.ops.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("checks the gateway's own dependencies (its MongoDB) too, a slow one failing after the deadline", async () => {
    const mongo = { name: "mongodb", up: false, check: () => mongo.up };
    const hanging = { name: "slow", check: () => new Promise<boolean>(() => undefined) };
    const { health } = fakeServiceClients().clients;
    const app = buildOperations({ health, logger: silentLogger(), dependencies: [mongo] });
    const slowApp = buildOperations({ health, logger: silentLogger(), dependencies: [hanging] });
    try {
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(expectEnvelope(response, "UNAVAILABLE").error.message).toBe("Not ready: gateway (mongodb)");
      mongo.up = true;
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      const slow = await slowApp.inject({ method: "GET", url: "/readyz" });
      expect(expectEnvelope(slow, "UNAVAILABLE").error.message).toBe("Not ready: gateway (slow)");
    } finally {
      await app.close();
      await slowApp.close();
    }
  });
});
