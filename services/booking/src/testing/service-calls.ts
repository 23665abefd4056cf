import { createHandlerContext, type HandlerContext } from "@connectrpc/connect";
import { DomainError, fromConnectError } from "@tarmac/kernel";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { createRequest, type BookingHarness } from "./booking-harness.js";

/** A handler context as Connect gives one to CreateBooking. */
export function handlerContext(): HandlerContext {
  const method = BookingService.method.createBooking;
  return createHandlerContext({ service: BookingService, method, protocolName: "test", requestMethod: "POST", url: "http://test/x" });
}

/** The error a call failed with, as the catalogue's DomainError; fails the test if it succeeded. */
export async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    return error instanceof DomainError ? error : fromConnectError(error);
  }
  throw new Error("expected the call to fail");
}

/** A BOOKED booking's id, made through the service. */
export async function booked(h: BookingHarness): Promise<string> {
  return (await h.service.createBooking(createRequest(), handlerContext())).bookingId;
}
