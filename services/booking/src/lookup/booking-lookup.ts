import { defined, DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import type { GetBookingRequest } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { Booking } from "../domain/booking.js";
import type { BookingStore } from "../store/booking-store.js";

/**
 * GetBooking's lookup: by id, by PNR (the agent's newest with it) and by the idempotency key the
 * booking was created with; every one given must find the same booking of the agent's. Another
 * agent's booking is answered exactly like one that does not exist.
 */
export async function lookUpBooking(store: BookingStore, request: GetBookingRequest): Promise<Booking> {
  if (request.agentId === "") throw validationFailed([fieldError("agent_id", "REQUIRED", "agent_id is required")]);
  const { agentId, bookingId, pnr, idempotencyKey } = request;
  const lookups = [
    { field: "booking_id", given: Boolean(bookingId), find: () => store.get(bookingId) },
    { field: "pnr", given: Boolean(pnr), find: () => store.findByPnr(agentId, pnr.toUpperCase()) },
    { field: "idempotency_key", given: Boolean(idempotencyKey), find: () => store.findByIdempotencyKey(agentId, idempotencyKey) },
  ].filter((l) => l.given);
  if (lookups.length === 0) {
    throw validationFailed([fieldError("booking_id", "REQUIRED", "booking_id, pnr or idempotency_key is required")]);
  }
  const found = await Promise.all(lookups.map(async (l) => ({ field: l.field, booking: await l.find() })));
  const [first, ...others] = found;
  if (!first || found.some((f) => f.booking?.agentId !== agentId)) throw new DomainError("BOOKING_NOT_FOUND", "No such booking");
  const other = others.find((f) => f.booking?.bookingId !== first.booking?.bookingId);
  if (other) throw validationFailed([fieldError(other.field, "INVALID_VALUE", `names another booking than ${first.field}`)]);
  return defined(first.booking, "booking");
}
