import { create } from "@bufbuild/protobuf";
import type { Cabin as DomainCabin, FareRules, PenaltyBand, ProviderSegment } from "@tarmac/airline-port";
import { paiseFromProto, paiseToProto, toTimestamp } from "@tarmac/kernel";
import { taxLines } from "@tarmac/tax";
import {
  AncillaryKind,
  BookingSchema,
  BookingStatus as ProtoStatus,
  ExtraSource,
  Gender,
  ReasonCode,
  PassengerType,
  Title,
  type Booking as ProtoBooking,
  type CreateBookingRequest,
  Payment as ProtoPayment,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import {
  Cabin,
  Direction,
  type FareRules as ProtoFareRules,
  type PenaltyBand as ProtoPenaltyBand,
  type PricingBreakdown,
  type Segment,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { cancellationFieldsToProto, cancellationToProto, ticketStatusOf } from "./cancellation-mapping.js";
import type { BookedPricing } from "../domain/booked-pricing.js";
import type { BookedExtra, Booking, BookingStatus } from "../domain/booking.js";
import type { BookingRequestInput } from "../domain/booking-request.js";

/**
 * A booking's extra, with its source, added after booking its EMD number (API guide, Baggage and
 * meals after ticketing), and its status: its passenger's ticket status for its segment.
 */
export function extraToProto(booking: Booking, e: BookedExtra) {
  const added = e.source === "ADDED";
  return {
    paxId: e.paxId,
    segmentIndex: e.segmentIndex,
    kind: AncillaryKind[e.kind],
    code: e.code,
    description: e.description,
    quantity: e.quantity,
    unitPricePaise: paiseToProto(e.unitPricePaise),
    pricePaise: paiseToProto(e.pricePaise),
    ancillaryId: e.ancillaryId,
    weightKg: e.weightKg,
    source: added ? ExtraSource.ADDED : ExtraSource.BOOKING,
    emdNumber: e.emdNumber ?? "",
    ...(e.addedAt && { addedAt: toTimestamp(e.addedAt) }),
    additionId: e.additionId ?? "",
    refundableOnVoluntaryCancellation: !added,
    status: ticketStatusOf(booking, e),
  };
}

/** An enum value's name, "" for UNSPECIFIED (a field the caller did not send) or a number we do not know. */
function nameOf(values: Record<number, string>, value: number): string {
  return value === 0 ? "" : (values[value] ?? String(value));
}

export function requestInput(request: CreateBookingRequest): BookingRequestInput {
  return {
    passengers: request.passengers.map((p) => ({
      id: p.id,
      type: nameOf(PassengerType, p.type),
      title: nameOf(Title, p.title),
      firstName: p.firstName,
      lastName: p.lastName,
      gender: nameOf(Gender, p.gender),
      dob: p.dob,
      nationality: p.nationality,
      passportNumber: p.passportNumber,
      passportExpiry: p.passportExpiry,
      passportIssuingCountry: p.passportIssuingCountry,
      pan: p.pan,
    })),
    contact: request.contactInfo && { email: request.contactInfo.email, phone: request.contactInfo.phone },
    ancillaries: request.ancillaries.map((a, index) => ({ paxId: a.paxId, ancillaryToken: a.ancillaryToken, quantity: a.quantity, index })),
    gst: request.gst && {
      gstin: request.gst.gstin,
      registeredName: request.gst.registeredName,
      address: request.gst.address,
      email: request.gst.email,
    },
  };
}

export function segmentFromProto(segment: Segment): ProviderSegment {
  const cabin = nameOf(Cabin, segment.cabin) as DomainCabin;
  const direction = segment.direction === Direction.RETURN ? "RETURN" : "OUTBOUND";
  const { carrier, flightNo, origin, dest, depTime, arrTime, bookingClass, seatsAvailable, durationMinutes, aircraft } = segment;
  return { carrier, flightNo, origin, dest, depTime, arrTime, cabin, bookingClass, seatsAvailable, direction, durationMinutes, aircraft };
}

export function pricingFromProto(p: PricingBreakdown): BookedPricing {
  return {
    baseFare: paiseFromProto(p.baseFarePaise),
    taxes: paiseFromProto(p.taxesPaise),
    commission: paiseFromProto(p.commissionPaise),
    otaMarkup: paiseFromProto(p.otaMarkupPaise),
    agentMarkup: paiseFromProto(p.agentMarkupPaise),
    netFare: paiseFromProto(p.netFarePaise),
    finalPrice: paiseFromProto(p.finalPricePaise),
  };
}

export function statusToProto(status: BookingStatus): ProtoStatus {
  return ProtoStatus[status];
}

/** A held booking's deadlines, for any answer that carries them. */
export function holdToProto(hold: Booking["hold"]) {
  return hold
    ? { hold: { ticketTimeLimit: toTimestamp(hold.ticketTimeLimit), priceGuaranteedUntil: toTimestamp(hold.priceGuaranteedUntil) } }
    : {};
}

const enumValue = <E extends Record<string, string | number>>(values: E, name: string): E[keyof E] => values[name as keyof E];

/** The whole booking of API guide, Bookings, as GetBooking answers it. */
export function toProtoBooking(b: Booking): ProtoBooking {
  const p = b.pricing;
  return create(BookingSchema, {
    bookingId: b.bookingId,
    pnr: b.pnr ?? "",
    status: statusToProto(b.status),
    agentId: b.agentId,
    createdAt: toTimestamp(b.createdAt),
    updatedAt: toTimestamp(b.updatedAt),
    currency: b.currency,
    totalPricePaise: paiseToProto(b.totalPricePaise),
    netFarePaise: paiseToProto(p.netFare),
    seatsPaise: paiseToProto(b.seatsPaise),
    pricingBreakdown: {
      baseFarePaise: paiseToProto(p.baseFare),
      taxesPaise: paiseToProto(p.taxes),
      commissionPaise: paiseToProto(p.commission),
      otaMarkupPaise: paiseToProto(p.otaMarkup),
      agentMarkupPaise: paiseToProto(p.agentMarkup),
      netFarePaise: paiseToProto(p.netFare),
      finalPricePaise: paiseToProto(p.finalPrice),
    },
    segments: b.segments.map((s) => ({
      ...s,
      cabin: enumValue(Cabin, s.cabin),
      direction: enumValue(Direction, s.direction),
    })),
    passengers: b.passengers.map((x) => ({
      id: x.paxId,
      type: enumValue(PassengerType, x.type),
      title: enumValue(Title, x.title),
      firstName: x.firstName,
      lastName: x.lastName,
      gender: enumValue(Gender, x.gender),
      dob: x.dob,
      nationality: x.nationality,
      passportNumber: x.passportNumber ?? "",
      passportExpiry: x.passportExpiry ?? "",
      passportIssuingCountry: x.passportIssuingCountry ?? "",
      pan: x.pan ?? "",
    })),
    ...(b.gst && { gst: { ...b.gst } }),
    ...(b.taxTerms && { taxLines: taxLinesToProto(b) }),
    ticketNumbers: b.ticketNumbers.map((t) => ({
      paxId: t.paxId,
      segmentIndex: t.segmentIndex,
      ticketNumber: t.ticketNumber,
      status: ticketStatusOf(b, t),
    })),
    statusHistory: b.statusHistory.map((h) => ({ status: statusToProto(h.status), at: toTimestamp(h.at), reason: h.reason })),
    contactInfo: { email: b.contact.email, phone: b.contact.phone },
    seats: b.seats.map((s) => ({
      paxId: s.paxId,
      segmentIndex: s.segmentIndex,
      seat: s.seat,
      pricePaise: paiseToProto(s.pricePaise),
      ancillaryId: s.ancillaryId,
    })),
    extras: (b.extras ?? []).map((e) => extraToProto(b, e)),
    extrasPaise: paiseToProto(b.extrasPaise ?? 0),
    addedExtrasPaise: paiseToProto((b.extras ?? []).filter((e) => e.source === "ADDED").reduce((sum, e) => sum + e.pricePaise, 0)),
    lastArrivalAt: toTimestamp(b.lastArrivalAt),
    fareRules: fareRulesToProto(b.fareRules),
    debitedPaise: paiseToProto(b.debitPaise),
    payment: b.payment === "HOLD" ? ProtoPayment.HOLD : ProtoPayment.WALLET,
    ...holdToProto(b.hold),
    ...(b.cancellation && { cancellation: cancellationToProto(b.cancellation) }),
    ...cancellationFieldsToProto(b),
    ...(b.reschedule && {
      reschedule: {
        newOfferId: b.reschedule.newOfferId,
        reasonCode: ReasonCode[b.reschedule.reasonCode],
        fareDifferencePaise: paiseToProto(b.reschedule.fareDifferencePaise),
        changePenaltyPaise: paiseToProto(b.reschedule.changePenaltyPaise),
        newTotalPaise: paiseToProto(b.reschedule.newTotalPaise),
        confirmedAt: toTimestamp(b.reschedule.confirmedAt),
      },
    }),
  });
}

const bandFromProto = (b: ProtoPenaltyBand): PenaltyBand => ({
  minHoursBeforeDeparture: b.minHoursBeforeDeparture,
  perPassengerPaise: paiseFromProto(b.perPassengerPaise),
});

/** An offer without rules is a broken contract: booking could not quote a cancellation fairly. */
export function fareRulesFromProto(rules: ProtoFareRules | undefined, offerId: string): FareRules {
  if (!rules) throw new Error(`offer ${offerId} carries no fare rules`);
  return {
    refundable: rules.refundable,
    cancellationPenalties: rules.cancellationPenalties.map(bandFromProto),
    changeFees: rules.changeFees.map(bandFromProto),
    taxesRefundable: true,
  };
}

function fareRulesToProto(rules: FareRules) {
  const band = (b: PenaltyBand) => ({
    minHoursBeforeDeparture: b.minHoursBeforeDeparture,
    perPassengerPaise: paiseToProto(b.perPassengerPaise),
  });
  return {
    refundable: rules.refundable,
    cancellationPenalties: rules.cancellationPenalties.map(band),
    changeFees: rules.changeFees.map(band),
    taxesRefundable: rules.taxesRefundable,
  };
}

/** The booking's tax lines now (after a reschedule, the new fare's), at the terms fixed at create. */
function taxLinesToProto(b: Booking) {
  const terms = b.taxTerms;
  if (!terms) return undefined;
  const t = taxLines(b.pricing, terms, terms.gstKind);
  return {
    serviceFeePaise: paiseToProto(t.serviceFee),
    cgstPaise: paiseToProto(t.cgst),
    sgstPaise: paiseToProto(t.sgst),
    igstPaise: paiseToProto(t.igst),
    grossCommissionPaise: paiseToProto(t.grossCommission),
    tdsPaise: paiseToProto(t.tds),
    netPayablePaise: paiseToProto(t.netPayable),
    gstKind: t.gstKind,
  };
}
