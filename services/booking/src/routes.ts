import type { ConnectRouter, ServiceImpl } from "@connectrpc/connect";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";

/** Registers the booking service on a Connect router. */
export function bookingRoutes(service: ServiceImpl<typeof BookingService>): (router: ConnectRouter) => void {
  return (router) => {
    router.service(BookingService, service);
  };
}
