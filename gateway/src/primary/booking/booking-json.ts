import { create } from "@bufbuild/protobuf";
import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import {
  AncillaryKind,
  BookingStatus,
  CancellationType,
  CreateBookingRequestSchema,
  ExtraSource,
  ReasonCode,
  Gender,
  Payment,
  PassengerType,
  Title,
  type Booking,
  type BookedExtra,
  type CreateBookingRequest,
  type CreateBookingResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { pricingJson, segmentJson } from "../search/offer-json.js";
import { documentsToProto, gstToProto } from "./documents-json.js";
import { cancellationJson, partJson, refundJson, ticketStatusName } from "./cancellation-json.js";
import type { CreateBookingBody } from "./schemas.js";
import { isoText } from "../../json-values.js";

export function toCreateBookingRequest(body: CreateBookingBody, agentId: string, idempotencyKey: string): CreateBookingRequest {
  return create(CreateBookingRequestSchema, {
    agentId,
    fareToken: body.fare_token,
    idempotencyKey,
    passengers: body.passengers.map((p) => ({
      id: p.id,
      type: PassengerType[p.type],
      title: Title[p.title],
      firstName: p.first_name,
      lastName: p.last_name,
      gender: Gender[p.gender],
      dob: p.dob,
      nationality: p.nationality,
      ...documentsToProto(p),
    })),
    contactInfo: { email: body.contact_info.email, phone: body.contact_info.phone },
    ...gstToProto(body.gst),
    ancillaries: (body.ancillaries ?? []).map((a) => ({ paxId: a.pax_id, ancillaryToken: a.ancillary_token, quantity: a.quantity ?? 0 })),
    payment: body.payment === "HOLD" ? Payment.HOLD : Payment.WALLET,
  });
}

/** API guide, Bookings, plus the booking's status. */
export function createBookingJson(response: CreateBookingResponse) {
  return {
    booking_id: response.bookingId,
    pnr: response.pnr,
    total_price_paise: paiseFromProto(response.totalPricePaise),
    currency: response.currency,
    status: statusName(response.status),
    ticket_time_limit: response.hold ? isoText(response.hold.ticketTimeLimit) : null,
    price_guaranteed_until: response.hold ? isoText(response.hold.priceGuaranteedUntil) : null,
  };
}

/** The whole booking of API guide, Bookings. */
export function bookingJson(b: Booking) {
  if (!b.pricingBreakdown) throw new Error(`booking ${b.bookingId} has no pricing`);
  return {
    booking_id: b.bookingId,
    pnr: b.pnr === "" ? null : b.pnr,
    status: statusName(b.status),
    agent_id: b.agentId,
    created_at: isoText(b.createdAt),
    updated_at: isoText(b.updatedAt),
    currency: b.currency,
    total_price_paise: paiseFromProto(b.totalPricePaise),
    net_fare_paise: paiseFromProto(b.netFarePaise),
    seats_paise: paiseFromProto(b.seatsPaise),
    pricing_breakdown: pricingJson(b.pricingBreakdown),
    segments: b.segments.map(segmentJson),
    passengers: b.passengers.map((p) => ({
      id: p.id,
      type: PassengerType[p.type],
      title: Title[p.title],
      first_name: p.firstName,
      last_name: p.lastName,
      gender: Gender[p.gender],
      dob: p.dob,
      nationality: p.nationality,
      passport_number: p.passportNumber || null,
      passport_expiry: p.passportExpiry || null,
      passport_issuing_country: p.passportIssuingCountry || null,
      pan: p.pan || null,
    })),
    contact_info: { email: b.contactInfo?.email ?? "", phone: b.contactInfo?.phone ?? "" },
    seats: b.seats.map((s) => ({
      pax_id: s.paxId,
      segment_index: s.segmentIndex,
      seat: s.seat,
      price_paise: paiseFromProto(s.pricePaise),
      ancillary_id: s.ancillaryId,
    })),
    ticket_numbers: b.ticketNumbers.map((t) => ({
      pax_id: t.paxId,
      segment_index: t.segmentIndex,
      ticket_number: t.ticketNumber,
      status: ticketStatusName(t.status),
    })),
    extras_paise: paiseFromProto(b.extrasPaise),
    extras: b.extras.map(bookedExtraJson),
    added_extras_paise: paiseFromProto(b.addedExtrasPaise),
    status_history: b.statusHistory.map((h) => ({ status: statusName(h.status), at: isoText(h.at), reason: h.reason })),
    last_arrival_at: isoText(b.lastArrivalAt),
    debited_paise: paiseFromProto(b.debitedPaise),
    payment: b.payment === Payment.HOLD ? "HOLD" : "WALLET",
    hold: b.hold
      ? { ticket_time_limit: isoText(b.hold.ticketTimeLimit), price_guaranteed_until: isoText(b.hold.priceGuaranteedUntil) }
      : null,
    fare_rules: fareRulesJson(b),
    cancellation: b.cancellation
      ? {
          cancellation_type: CancellationType[b.cancellation.cancellationType],
          reason_code: ReasonCode[b.cancellation.reasonCode],
          airline_penalty_paise: paiseFromProto(b.cancellation.airlinePenaltyPaise),
          ota_fee_paise: paiseFromProto(b.cancellation.otaFeePaise),
          refund_amount_paise: paiseFromProto(b.cancellation.refundAmountPaise),
          confirmed_at: isoText(b.cancellation.confirmedAt),
        }
      : null,
    cancellations: b.cancellations.map(cancellationJson),
    refunds: b.refunds.map(refundJson),
    booked_parts: b.bookedParts.map(partJson),
    reschedule: b.reschedule
      ? {
          new_offer_id: b.reschedule.newOfferId,
          reason_code: ReasonCode[b.reschedule.reasonCode],
          fare_difference_paise: paiseFromProto(b.reschedule.fareDifferencePaise),
          change_penalty_paise: paiseFromProto(b.reschedule.changePenaltyPaise),
          new_total_paise: paiseFromProto(b.reschedule.newTotalPaise),
          confirmed_at: isoText(b.reschedule.confirmedAt),
        }
      : null,
    gst: b.gst ? { gstin: b.gst.gstin, registered_name: b.gst.registeredName, address: b.gst.address, email: b.gst.email } : null,
    tax_lines: b.taxLines ? taxLinesJson(b.taxLines) : null,
  };
}

function taxLinesJson(t: NonNullable<Booking["taxLines"]>) {
  return {
    service_fee_paise: paiseFromProto(t.serviceFeePaise),
    cgst_paise: paiseFromProto(t.cgstPaise),
    sgst_paise: paiseFromProto(t.sgstPaise),
    igst_paise: paiseFromProto(t.igstPaise),
    gross_commission_paise: paiseFromProto(t.grossCommissionPaise),
    tds_paise: paiseFromProto(t.tdsPaise),
    net_payable_paise: paiseFromProto(t.netPayablePaise),
    gst_kind: t.gstKind === "IGST" ? ("IGST" as const) : ("CGST_SGST" as const),
  };
}

/**
 * The rules as booking applies them (API guide, Cancellation and reschedule). A non-refundable
 * fare forfeits its whole base fare on a voluntary cancellation, whatever bands the airline filed
 * with it, so it shows no cancellation bands: `refundable: false` and `cancellation_penalties: []`
 * say it, rather than filed amounts that never apply.
 */
function fareRulesJson(b: Booking) {
  const rules = b.fareRules;
  const band = (x: { minHoursBeforeDeparture: number; perPassengerPaise: bigint }) => ({
    min_hours_before_departure: x.minHoursBeforeDeparture,
    per_passenger_paise: paiseFromProto(x.perPassengerPaise),
  });
  const refundable = rules?.refundable ?? false;
  return {
    refundable,
    cancellation_penalties: refundable ? (rules?.cancellationPenalties.map(band) ?? []) : [],
    change_fees: rules?.changeFees.map(band) ?? [],
    taxes_refundable: rules?.taxesRefundable ?? true,
  };
}

function statusName(status: BookingStatus): string {
  const name = (BookingStatus as Record<number, string | undefined>)[status];
  if (name === undefined || status === BookingStatus.UNSPECIFIED) throw new Error(`booking has no status (${status})`);
  return name;
}

/** A booked or offered extra's kind as both surfaces write it (the service never sends UNSPECIFIED). */
export const extraKindName = (kind: AncillaryKind) => (kind === AncillaryKind.BAGGAGE ? ("BAGGAGE" as const) : ("MEAL" as const));

export function bookedExtraJson(e: BookedExtra) {
  const added = e.source === ExtraSource.ADDED;
  return {
    pax_id: e.paxId,
    segment_index: e.segmentIndex,
    kind: extraKindName(e.kind),
    code: e.code,
    description: e.description,
    quantity: e.quantity,
    weight_kg: e.weightKg,
    unit_price_paise: paiseFromProto(e.unitPricePaise),
    price_paise: paiseFromProto(e.pricePaise),
    ancillary_id: e.ancillaryId,
    source: added ? ("ADDED" as const) : ("BOOKING" as const),
    emd_number: added ? e.emdNumber : null,
    added_at: added && e.addedAt ? (fromTimestamp(e.addedAt)?.toISOString() ?? null) : null,
    addition_id: added ? e.additionId : null,
    refundable_on_voluntary_cancellation: e.refundableOnVoluntaryCancellation,
    status: ticketStatusName(e.status),
  };
}
