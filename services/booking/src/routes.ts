import type { ConnectRouter } from "@connectrpc/connect";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { BookingServiceImpl } from "./booking-service.js";

/**
 * Registers the booking service on a Connect router. Cancellation and reschedule arrive with their
 * issue: until then those RPCs answer Unimplemented.
 */
export function bookingRoutes(service: BookingServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(BookingService, {
      createBooking: (request, context) => service.createBooking(request, context),
      getBooking: (request) => service.getBooking(request),
    });
  };
}
