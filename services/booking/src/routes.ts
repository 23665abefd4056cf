import type { ConnectRouter } from "@connectrpc/connect";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { BookingServiceImpl } from "./booking-service.js";
import type { ChangesServiceImpl } from "./changes-service.js";

/** Registers the booking service on a Connect router: creation and status, cancellation and reschedule. */
export function bookingRoutes(service: BookingServiceImpl, changes: ChangesServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(BookingService, {
      createBooking: (request, context) => service.createBooking(request, context),
      getBooking: (request) => service.getBooking(request),
      quoteCancellation: (request) => changes.quoteCancellation(request),
      confirmCancellation: (request) => changes.confirmCancellation(request),
      quoteReschedule: (request) => changes.quoteReschedule(request),
      confirmReschedule: (request) => changes.confirmReschedule(request),
    });
  };
}
