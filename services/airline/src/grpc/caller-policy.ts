import type { CallerPolicy } from "@tarmac/kernel";

/**
 * The sandbox airline answers the services that would call a real airline, acting for any agency,
 * each for what it does (issue 34: a search identity could cancel another agency's reservation).
 * Search finds offers and prices them live; fare shows a locked fare's seat maps and extras;
 * booking alone changes reservations (reserves, tickets, cancels, changes, refunds, adds extras)
 * and reads them (and watches the airline's own changes to them), and also reads seat maps (seat
 * choices at creation) and extras (reschedules).
 */
const booking = { booking: "trusted" } as const;

export const airlineCallerPolicy: CallerPolicy = {
  SearchFlights: { search: "trusted" },
  LivePrice: { search: "trusted" },
  GetSeatMap: { fare: "trusted", booking: "trusted" },
  GetAncillaries: { fare: "trusted", booking: "trusted" },
  Reserve: booking,
  GetReservation: booking,
  CancelReservation: booking,
  ChangeReservation: booking,
  PriceHold: booking,
  TicketHold: booking,
  CancelCoupons: booking,
  RequestRefund: booking,
  GetReservationAncillaries: booking,
  AddExtras: booking,
  WatchReservationChanges: booking,
};
