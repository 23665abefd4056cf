import { startServiceHost, type Logger, type ServiceHost } from "@tarmac/kernel";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { BookingConfig } from "./config.js";
import { bookingRoutes } from "./routes.js";

export function startBookingService(config: BookingConfig, logger: Logger): Promise<ServiceHost> {
  return startServiceHost({
    name: "booking",
    host: config.host,
    port: config.port,
    services: [BookingService],
    routes: bookingRoutes,
    logger,
  });
}
