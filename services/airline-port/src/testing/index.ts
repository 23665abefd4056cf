import type { AirlineProvider } from "../provider-port.js";

/**
 * A provider whose every operation rejects: tests start from it and replace only the operations
 * they exercise, so a call the test did not expect fails loudly instead of inventing an answer.
 */
export function refusingProvider(name: string): AirlineProvider {
  const refuse = (operation: string) => () => Promise.reject(new Error(`${name}.${operation} is not part of this test`));
  return {
    name,
    searchFlights: refuse("searchFlights"),
    livePrice: refuse("livePrice"),
    seatMap: refuse("seatMap"),
    ancillaries: refuse("ancillaries"),
    reserve: refuse("reserve"),
    findReservation: refuse("findReservation"),
    cancelReservation: refuse("cancelReservation"),
    changeReservation: refuse("changeReservation"),
    priceHold: refuse("priceHold"),
    ticketHold: refuse("ticketHold"),
    cancelCoupons: refuse("cancelCoupons"),
    requestRefund: refuse("requestRefund"),
    reservationAncillaries: refuse("reservationAncillaries"),
    addExtras: refuse("addExtras"),
    watchReservationChanges: () => ({
      [Symbol.asyncIterator]: () => ({ next: refuse("watchReservationChanges") }),
    }),
  };
}
