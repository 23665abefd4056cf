import { createHandlerContext, type HandlerContext } from "@connectrpc/connect";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { createRequest, type BookingHarness } from "./booking-harness.js";

/** A handler context as Connect gives one to CreateBooking. */
export function handlerContext(): HandlerContext {
  const method = BookingService.method.createBooking;
  return createHandlerContext({ service: BookingService, method, protocolName: "test", requestMethod: "POST", url: "http://test/x" });
}

/** A BOOKED booking's id, made through the service. */
export async function booked(h: BookingHarness): Promise<string> {
  return (await h.service.createBooking(createRequest(), handlerContext())).bookingId;
}
