import { create } from "@bufbuild/protobuf";
import {
  ConfirmAncillaryAdditionRequestSchema,
  QuoteAncillaryAdditionRequestSchema,
  type QuoteAncillaryAdditionResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { adult, AGENT, bookingHarness, createRequest, type BookingHarness, type BookingHarnessOptions } from "./booking-harness.js";
import { handlerContext } from "./service-calls.js";

type Selections = { ancillaryToken: string; quantity: number }[];

/** A ticketed booking of `passengers` (one adult by default), for additions of baggage and meals. */
export async function ticketedBooking(
  options: BookingHarnessOptions = {},
  passengers = [adult(1)],
): Promise<{ h: BookingHarness; bookingId: string }> {
  const h = bookingHarness(options);
  const { bookingId } = await h.service.createBooking(createRequest({ passengers }), handlerContext());
  h.airline.ticket(bookingId, "TICKETED");
  await h.ticketing.run();
  return { h, bookingId };
}

export const quoteAddition = (h: BookingHarness, bookingId: string, selections: Selections = [], agentId = AGENT) =>
  h.service.quoteAncillaryAddition(create(QuoteAncillaryAdditionRequestSchema, { agentId, bookingId, selections }));

export const confirmAddition = (h: BookingHarness, bookingId: string, selections: Selections, key: string) =>
  h.service.confirmAncillaryAddition(
    create(ConfirmAncillaryAdditionRequestSchema, { agentId: AGENT, bookingId, selections, idempotencyKey: key }),
  );

/** The token of `code` the quote offered `paxId` on segment 0. */
export function tokenOf(q: QuoteAncillaryAdditionResponse, code: string, paxId = "ADT1"): string {
  const option = q.passengers.find((p) => p.paxId === paxId)?.segments[0]?.options.find((o) => o.code === code);
  if (!option) throw new Error(`no ${code} for ${paxId}`);
  return option.ancillaryToken;
}
