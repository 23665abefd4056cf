import type { CallerPolicy } from "@tarmac/kernel";

const airlineUsers = { search: "trusted", fare: "trusted", booking: "trusted" } as const;

/** The sandbox airline answers the services that would call a real airline, acting for any agency. */
export const airlineCallerPolicy: CallerPolicy = {
  SearchFlights: airlineUsers,
  LivePrice: airlineUsers,
  GetSeatMap: airlineUsers,
  GetAncillaries: airlineUsers,
  Reserve: airlineUsers,
  GetReservation: airlineUsers,
  CancelReservation: airlineUsers,
  ChangeReservation: airlineUsers,
  PriceHold: airlineUsers,
  TicketHold: airlineUsers,
  CancelCoupons: airlineUsers,
  RequestRefund: airlineUsers,
  GetReservationAncillaries: airlineUsers,
  AddExtras: airlineUsers,
};
