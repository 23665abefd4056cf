import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { parseConfig, type ServiceHost } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingConfigSchema } from "./config.js";
import { startBookingService } from "./server.js";

describe("booking service shell", () => {
  let host: ServiceHost;
  beforeAll(async () => {
    host = await startBookingService(parseConfig(bookingConfigSchema, { BOOKING_PORT: "0" }), silentLogger());
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("defaults to port 50053", () => {
    expect(parseConfig(bookingConfigSchema, {}).port).toBe(50053);
  });

  it("answers health SERVING for BookingService", async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    expect((await health.check({ service: BookingService.typeName })).status).toBe(ServingStatus.SERVING);
  });

  it("answers Unimplemented rather than inventing data", async () => {
    const client = createClient(BookingService, createGrpcTransport({ baseUrl: host.url }));
    const error = await client.createBooking({}).then(() => undefined, (e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unimplemented);
  });
});
