import type { Client } from "@connectrpc/connect";
import { defined, DomainError, fromConnectError, paiseFromProto, paiseToProto } from "@tarmac/kernel";
import { AirlineService, Cabin } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { AirlineProvider } from "../provider-port.js";
import { changeFromProto } from "./change-messages.js";
import { offerFromProto } from "./offer-messages.js";
import { enumToProto } from "./proto-enums.js";
import { refundFromProto } from "./refund-messages.js";
import { changeToProto, reservationFromProto, reserveRequestToProto } from "./reservation-messages.js";
import { ancillariesFromProto, extrasToProto } from "./ancillary-messages.js";
import { seatMapFromProto } from "./seat-map-messages.js";

/**
 * The provider port over an AirlineService client (AIRLINE_URL): the sandbox airline's own
 * process or a real provider's adapter. The client must reject with DomainErrors
 * (createServiceClient), so the airline's refusals arrive with their provider block, and each
 * call passes the caller's signal, so guardProvider's deadline bounds it.
 */
export function remoteAirline(client: Client<typeof AirlineService>, name: string): AirlineProvider {
  const unavailable = (cause: unknown) =>
    new DomainError("PROVIDER_UNAVAILABLE", "The airline provider failed to answer; please retry", {
      provider: { name, code: "UNAVAILABLE", message: "The provider failed to answer" },
      cause,
    });
  // An error with a provider block is the airline's answer; anything else (unreachable, its
  // internal error, a message this build cannot read) is the provider failing.
  const failure = (error: unknown) => (error instanceof DomainError && error.provider !== undefined ? error : unavailable(error));
  const asked = <T>(answer: () => Promise<T>): Promise<T> =>
    answer().catch((error: unknown) => {
      throw failure(error);
    });
  return withFailures(asked, {
    name,
    async searchFlights(query, options) {
      const { offers } = await client.searchFlights(
        {
          origin: query.origin,
          dest: query.dest,
          departureDate: query.departureDate,
          returnDate: query.returnDate ?? "",
          pax: query.pax,
          cabin: query.cabin ? enumToProto(Cabin, query.cabin) : Cabin.UNSPECIFIED,
        },
        options,
      );
      return offers.map(offerFromProto);
    },
    async livePrice(query, options) {
      return offerFromProto((await client.livePrice(query, options)).offer);
    },
    async seatMap(key, options) {
      return seatMapFromProto(await client.getSeatMap({ key }, options));
    },
    async ancillaries(key, options) {
      return ancillariesFromProto(await client.getAncillaries({ key }, options));
    },
    async reserve(request, options) {
      return reservationFromProto((await client.reserve(reserveRequestToProto(request), options)).reservation);
    },
    async findReservation(clientReference, options) {
      const { reservation } = await client.getReservation({ clientReference }, options);
      return reservation ? reservationFromProto(reservation) : undefined;
    },
    async cancelReservation(clientReference, options) {
      await client.cancelReservation({ clientReference }, options);
    },
    async changeReservation(change, options) {
      return reservationFromProto((await client.changeReservation(changeToProto(change), options)).reservation);
    },
    async priceHold(clientReference, options) {
      const price = await client.priceHold({ clientReference }, options);
      return { baseFare: paiseFromProto(price.baseFarePaise), taxes: paiseFromProto(price.taxesPaise), currency: price.currency };
    },
    async ticketHold(order, options) {
      const request = {
        clientReference: order.clientReference,
        baseFarePaise: paiseToProto(order.baseFare),
        taxesPaise: paiseToProto(order.taxes),
      };
      return reservationFromProto((await client.ticketHold(request, options)).reservation);
    },
    async cancelCoupons(request, options) {
      const coupons = request.coupons.map((c) => ({ ...c }));
      return reservationFromProto((await client.cancelCoupons({ ...request, coupons }, options)).reservation);
    },
    async reservationAncillaries(clientReference, options) {
      const { ancillaries } = await client.getReservationAncillaries({ clientReference }, options);
      return ancillariesFromProto(defined(ancillaries, "reservation ancillaries"));
    },
    async addExtras(addition, options) {
      const request = { ...addition, extras: extrasToProto(addition.extras) };
      return reservationFromProto((await client.addExtras(request, options)).reservation);
    },
    async *watchReservationChanges(watch) {
      const signal = watch?.signal;
      try {
        // No deadline: the watch lasts until the watcher's signal ends it. Streams reach the
        // client as ConnectErrors (rejectWithDomainErrors turns only answers into DomainErrors).
        const stream = client.watchReservationChanges({ after: watch?.after ?? "" }, { ...(signal && { signal }), timeoutMs: 0 });
        for await (const { change } of stream) yield changeFromProto(change);
      } catch (error) {
        if (signal?.aborted) return;
        throw failure(error instanceof DomainError ? error : fromConnectError(error));
      }
    },
    async requestRefund(request, options) {
      const { clientReference, refundReference, amountPaise } = request;
      return refundFromProto(
        await client.requestRefund({ clientReference, refundReference, amountPaise: paiseToProto(amountPaise) }, options),
      );
    },
  });
}

/** Runs each operation through `asked`. */
function withFailures(asked: <T>(answer: () => Promise<T>) => Promise<T>, provider: AirlineProvider): AirlineProvider {
  return {
    name: provider.name,
    searchFlights: (query, options) => asked(() => provider.searchFlights(query, options)),
    livePrice: (query, options) => asked(() => provider.livePrice(query, options)),
    seatMap: (key, options) => asked(() => provider.seatMap(key, options)),
    ancillaries: (key, options) => asked(() => provider.ancillaries(key, options)),
    reserve: (request, options) => asked(() => provider.reserve(request, options)),
    findReservation: (reference, options) => asked(() => provider.findReservation(reference, options)),
    cancelReservation: (reference, options) => asked(() => provider.cancelReservation(reference, options)),
    changeReservation: (change, options) => asked(() => provider.changeReservation(change, options)),
    priceHold: (reference, options) => asked(() => provider.priceHold(reference, options)),
    ticketHold: (order, options) => asked(() => provider.ticketHold(order, options)),
    cancelCoupons: (request, options) => asked(() => provider.cancelCoupons(request, options)),
    requestRefund: (request, options) => asked(() => provider.requestRefund(request, options)),
    reservationAncillaries: (reference, options) => asked(() => provider.reservationAncillaries(reference, options)),
    addExtras: (addition, options) => asked(() => provider.addExtras(addition, options)),
    // A stream, not an answer: it converts its own failures.
    watchReservationChanges: (watch) => provider.watchReservationChanges(watch),
  };
}
