import { create } from "@bufbuild/protobuf";
import { paiseFromProto, paiseToProto } from "@tarmac/kernel";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import {
  CancelCouponsResponseSchema,
  AddExtrasResponseSchema,
  GetReservationAncillariesResponseSchema,
  type AddExtrasRequest,
  type AddExtrasResponse,
  type GetReservationAncillariesRequest,
  type GetReservationAncillariesResponse,
  type CancelCouponsRequest,
  type CancelCouponsResponse,
  type RequestRefundRequest,
  type RequestRefundResponse,
  CancelReservationResponseSchema,
  ChangeReservationResponseSchema,
  GetReservationResponseSchema,
  LivePriceResponseSchema,
  PriceHoldResponseSchema,
  TicketHoldResponseSchema,
  type PriceHoldRequest,
  type PriceHoldResponse,
  type TicketHoldRequest,
  type TicketHoldResponse,
  ReserveResponseSchema,
  SearchFlightsResponseSchema,
  type AirlineService,
  type CancelReservationRequest,
  type CancelReservationResponse,
  type ChangeReservationRequest,
  type ChangeReservationResponse,
  type GetReservationRequest,
  type GetReservationResponse,
  type GetAncillariesRequest,
  type GetAncillariesResponse,
  type GetSeatMapRequest,
  type GetSeatMapResponse,
  type LivePriceRequest,
  type LivePriceResponse,
  type ReserveRequest,
  type ReserveResponse,
  type SearchFlightsRequest,
  type SearchFlightsResponse,
  type WatchReservationChangesRequest,
  type WatchReservationChangesResponse,
  WatchReservationChangesResponseSchema,
  Cabin,
} from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { CABINS, type AirlineProvider } from "../provider-port.js";
import { ancillariesToProto, extrasFromProto } from "./ancillary-messages.js";
import { changeToProto } from "./change-messages.js";
import { offerToProto, paxFromProto } from "./offer-messages.js";
import { enumFromProto } from "./proto-enums.js";
import { changeFromProto, reservationToProto, reserveRequestFromProto } from "./reservation-messages.js";
import { refundToProto } from "./refund-messages.js";
import { seatMapToProto } from "./seat-map-messages.js";

/**
 * The provider port served over gRPC: every process and replica of search, fare and booking asks
 * this one airline, so they share one inventory and one set of reservations. Each call runs under
 * the caller's deadline (the handler's signal).
 */
export class AirlineServiceImpl implements ServiceImpl<typeof AirlineService> {
  constructor(private readonly airline: AirlineProvider) {}

  async searchFlights(request: SearchFlightsRequest, context: HandlerContext): Promise<SearchFlightsResponse> {
    const offers = await this.airline.searchFlights(
      {
        origin: request.origin,
        dest: request.dest,
        departureDate: request.departureDate,
        ...(request.returnDate !== "" && { returnDate: request.returnDate }),
        pax: paxFromProto(request.pax),
        ...(request.cabin !== Cabin.UNSPECIFIED && { cabin: enumFromProto(Cabin, request.cabin, CABINS, "cabin") }),
      },
      { signal: context.signal },
    );
    return create(SearchFlightsResponseSchema, { offers: offers.map(offerToProto) });
  }

  async livePrice(request: LivePriceRequest, context: HandlerContext): Promise<LivePriceResponse> {
    const offer = await this.airline.livePrice({ key: request.key, pax: paxFromProto(request.pax) }, { signal: context.signal });
    return create(LivePriceResponseSchema, { offer: offerToProto(offer) });
  }

  async getSeatMap(request: GetSeatMapRequest, context: HandlerContext): Promise<GetSeatMapResponse> {
    return seatMapToProto(await this.airline.seatMap(request.key, { signal: context.signal }));
  }

  async getAncillaries(request: GetAncillariesRequest, context: HandlerContext): Promise<GetAncillariesResponse> {
    return ancillariesToProto(await this.airline.ancillaries(request.key, { signal: context.signal }));
  }

  async reserve(request: ReserveRequest, context: HandlerContext): Promise<ReserveResponse> {
    const reservation = await this.airline.reserve(reserveRequestFromProto(request), { signal: context.signal });
    return create(ReserveResponseSchema, { reservation: reservationToProto(reservation) });
  }

  async getReservation(request: GetReservationRequest, context: HandlerContext): Promise<GetReservationResponse> {
    const reservation = await this.airline.findReservation(request.clientReference, { signal: context.signal });
    return create(GetReservationResponseSchema, reservation ? { reservation: reservationToProto(reservation) } : {});
  }

  async cancelReservation(request: CancelReservationRequest, context: HandlerContext): Promise<CancelReservationResponse> {
    await this.airline.cancelReservation(request.clientReference, { signal: context.signal });
    return create(CancelReservationResponseSchema);
  }

  async changeReservation(request: ChangeReservationRequest, context: HandlerContext): Promise<ChangeReservationResponse> {
    const reservation = await this.airline.changeReservation(changeFromProto(request), { signal: context.signal });
    return create(ChangeReservationResponseSchema, { reservation: reservationToProto(reservation) });
  }

  async priceHold(request: PriceHoldRequest, context: HandlerContext): Promise<PriceHoldResponse> {
    const price = await this.airline.priceHold(request.clientReference, { signal: context.signal });
    return create(PriceHoldResponseSchema, {
      baseFarePaise: paiseToProto(price.baseFare),
      taxesPaise: paiseToProto(price.taxes),
      currency: price.currency,
    });
  }

  async ticketHold(request: TicketHoldRequest, context: HandlerContext): Promise<TicketHoldResponse> {
    const order = {
      clientReference: request.clientReference,
      baseFare: paiseFromProto(request.baseFarePaise),
      taxes: paiseFromProto(request.taxesPaise),
    };
    const reservation = await this.airline.ticketHold(order, { signal: context.signal });
    return create(TicketHoldResponseSchema, { reservation: reservationToProto(reservation) });
  }

  async cancelCoupons(request: CancelCouponsRequest, context: HandlerContext): Promise<CancelCouponsResponse> {
    const cancellation = {
      clientReference: request.clientReference,
      cancelReference: request.cancelReference,
      coupons: request.coupons.map((c) => ({ paxId: c.paxId, segmentIndex: c.segmentIndex })),
    };
    const reservation = await this.airline.cancelCoupons(cancellation, { signal: context.signal });
    return create(CancelCouponsResponseSchema, { reservation: reservationToProto(reservation) });
  }

  async getReservationAncillaries(
    request: GetReservationAncillariesRequest,
    context: HandlerContext,
  ): Promise<GetReservationAncillariesResponse> {
    const offered = await this.airline.reservationAncillaries(request.clientReference, { signal: context.signal });
    return create(GetReservationAncillariesResponseSchema, { ancillaries: ancillariesToProto(offered) });
  }

  async addExtras(request: AddExtrasRequest, context: HandlerContext): Promise<AddExtrasResponse> {
    const addition = {
      clientReference: request.clientReference,
      addReference: request.addReference,
      extras: extrasFromProto(request.extras),
    };
    const reservation = await this.airline.addExtras(addition, { signal: context.signal });
    return create(AddExtrasResponseSchema, { reservation: reservationToProto(reservation) });
  }

  async requestRefund(request: RequestRefundRequest, context: HandlerContext): Promise<RequestRefundResponse> {
    const refund = await this.airline.requestRefund(
      {
        clientReference: request.clientReference,
        refundReference: request.refundReference,
        amountPaise: paiseFromProto(request.amountPaise),
      },
      { signal: context.signal },
    );
    return refundToProto(refund);
  }

  /** Streams the airline's own changes until the caller cancels (the handler's signal). */
  async *watchReservationChanges(
    request: WatchReservationChangesRequest,
    context: HandlerContext,
  ): AsyncIterable<WatchReservationChangesResponse> {
    const watch = { signal: context.signal, ...(request.after !== "" && { after: request.after }) };
    for await (const change of this.airline.watchReservationChanges(watch)) {
      yield create(WatchReservationChangesResponseSchema, { change: changeToProto(change) });
    }
  }
}
