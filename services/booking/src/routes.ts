import type { ConnectRouter } from "@connectrpc/connect";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";

/**
 * Registers the booking service. Bookings arrive with their own issue:
 * until then every RPC answers Unimplemented.
 */
export function bookingRoutes(router: ConnectRouter): void {
  router.service(BookingService, {});
}
