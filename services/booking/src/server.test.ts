import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { fromConnectError, parseConfig, type ServiceHost } from "@tarmac/kernel";
import { activeAgents, asPermittedCaller, silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingConfigSchema } from "./config.js";
import { startBookingService } from "./server.js";
import { bookingCallerPolicy } from "./caller-policy.js";

describe("booking service over a real HTTP/2 port", () => {
  let host: ServiceHost;
  beforeAll(async () => {
    host = await startBookingService(parseConfig(bookingConfigSchema, { BOOKING_PORT: "0" }), silentLogger(), { auth: activeAgents() });
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("defaults to port 50053, fare and wallet on their ports, events in process", () => {
    expect(parseConfig(bookingConfigSchema, {})).toMatchObject({
      port: 50053,
      fareUrl: "http://127.0.0.1:50052",
      walletUrl: "http://127.0.0.1:50054",
      events: { natsUrl: undefined, streamName: "TARMAC", subjectPrefix: "tarmac" },
    });
    expect(parseConfig(bookingConfigSchema, { NATS_URL: "nats://127.0.0.1:4222" }).events.natsUrl).toBe("nats://127.0.0.1:4222");
  });

  it("answers health SERVING for BookingService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(bookingCallerPolicy)] }));
    expect((await health.check({ service: BookingService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("answers field errors across the wire for every operation, and 404 for a booking it does not have", async () => {
    const client = createClient(
      BookingService,
      createGrpcTransport({ baseUrl: host.url, interceptors: [asPermittedCaller(bookingCallerPolicy)] }),
    );
    const fieldsOf = (call: Promise<unknown>) =>
      call.then(
        () => [],
        (e: unknown) => fromConnectError(e).errors.map((x) => x.field),
      );
    // The agency comes from the gateway's agent context, so every call names one.
    expect(await fieldsOf(client.createBooking({ agentId: "agt_1" }))).toEqual(["fare_token", "idempotency_key"]);
    expect(await fieldsOf(client.quoteCancellation({ agentId: "agt_1" }))).toEqual(["booking_id", "reason_code", "cancellation_type"]);
    expect(await fieldsOf(client.quoteReschedule({ agentId: "agt_1", bookingId: "bkg_1" }))).toEqual(["new_offer_id", "reason_code"]);
    const missing = await client.confirmReschedule({ agentId: "agt_1", bookingId: "bkg_1" }).catch((e: unknown) => e);
    expect(ConnectError.from(missing).code).toBe(Code.NotFound);
  });
});
