import { HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../testing/envelope.js";
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
    const response = await gateway.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      services: { search: "SERVING", fare: "SERVING", booking: "SERVING", wallet: "SERVING", auth: "SERVING" },
    });
  });

  it("answers 503 UNAVAILABLE naming the services that are not serving, and logs them all", async () => {
    gateway = await testApp({ health: { fare: ServingStatus.NOT_SERVING, wallet: "down" } });
    const response = await gateway.app.inject({ method: "GET", url: "/readyz" });
    const body = expectEnvelope(response, "UNAVAILABLE");
    expect(body.error.message).toBe("Not ready: fare (NOT_SERVING), wallet (UNREACHABLE)");
    const logged = gateway.logs.find((line) => line.msg === "not ready");
    expect(logged?.services).toEqual({
      search: "SERVING",
      fare: "NOT_SERVING",
      booking: "SERVING",
      wallet: "UNREACHABLE",
      auth: "SERVING",
    });
  });
});
