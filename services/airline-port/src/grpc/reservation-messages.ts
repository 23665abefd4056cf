import { create } from "@bufbuild/protobuf";
import {
  ChangeReservationRequestSchema,
  PassengerType,
  ReservationSchema,
  ReservationStatus,
  ReserveRequestSchema,
  type ChangeReservationRequest,
  type Reservation,
  type ReserveRequest,
} from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { ProviderReservation, ReservationChange, ReservationRequest } from "../provider-port.js";
import { extrasFromProto, extrasToProto } from "./ancillary-messages.js";
import { holdFromProto, holdToProto } from "./hold-messages.js";
import { enumFromProto, enumToProto } from "./proto-enums.js";

const PASSENGER_TYPES = ["ADT", "CHD", "INF"] as const;
const STATUSES = ["HELD", "TICKETED", "TICKETING_FAILED", "CANCELLED"] as const;

export function reserveRequestToProto(request: ReservationRequest): ReserveRequest {
  return create(ReserveRequestSchema, {
    ...request,
    passengers: request.passengers.map((p) => ({ ...p, type: enumToProto(PassengerType, p.type) })),
    seats: request.seats.map((s) => ({ ...s })),
    contact: { ...request.contact },
    extras: extrasToProto(request.extras),
  });
}

export function reserveRequestFromProto(request: ReserveRequest): ReservationRequest {
  return {
    clientReference: request.clientReference,
    key: request.key,
    passengers: request.passengers.map((p) => ({
      paxId: p.paxId,
      type: enumFromProto(PassengerType, p.type, PASSENGER_TYPES, "passengers.type"),
      title: p.title,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      dob: p.dob,
      nationality: p.nationality,
    })),
    seats: seatsFromProto(request.seats),
    contact: { email: request.contact?.email ?? "", phone: request.contact?.phone ?? "" },
    ...(request.hold && { hold: true }),
    ...(request.extras.length > 0 && { extras: extrasFromProto(request.extras) }),
  };
}

export function changeToProto(change: ReservationChange): ChangeReservationRequest {
  return create(ChangeReservationRequestSchema, {
    ...change,
    seats: change.seats.map((s) => ({ ...s })),
    extras: extrasToProto(change.extras),
  });
}

export function changeFromProto(change: ChangeReservationRequest): ReservationChange {
  return {
    clientReference: change.clientReference,
    changeReference: change.changeReference,
    key: change.key,
    seats: seatsFromProto(change.seats),
    extras: extrasFromProto(change.extras),
  };
}

function seatsFromProto(seats: ReserveRequest["seats"]): ReservationRequest["seats"] {
  return seats.map((s) => ({ paxId: s.paxId, segmentIndex: s.segmentIndex, seat: s.seat }));
}

export function reservationToProto(reservation: ProviderReservation): Reservation {
  return create(ReservationSchema, {
    clientReference: reservation.clientReference,
    pnr: reservation.pnr,
    status: enumToProto(ReservationStatus, reservation.status),
    tickets: reservation.tickets.map((t) => ({ ...t })),
    failureReason: reservation.failureReason ?? "",
    changeReferences: [...(reservation.changeReferences ?? [])],
    extras: extrasToProto(reservation.extras),
    ...holdToProto(reservation.hold),
    cancelledCoupons: (reservation.cancelledCoupons ?? []).map((c) => ({ ...c })),
  });
}

export function reservationFromProto(reservation: Reservation | undefined): ProviderReservation {
  if (reservation === undefined) throw new Error("the airline answered without a reservation");
  const { clientReference, pnr, failureReason, changeReferences, cancelledCoupons } = reservation;
  return {
    clientReference,
    pnr,
    status: enumFromProto(ReservationStatus, reservation.status, STATUSES, "reservation.status"),
    tickets: reservation.tickets.map((t) => ({ paxId: t.paxId, segmentIndex: t.segmentIndex, ticketNumber: t.ticketNumber })),
    ...(failureReason !== "" && { failureReason }),
    ...(changeReferences.length > 0 && { changeReferences: [...changeReferences] }),
    ...holdFromProto(reservation.hold),
    ...(cancelledCoupons.length > 0 && {
      cancelledCoupons: cancelledCoupons.map((c) => ({ paxId: c.paxId, segmentIndex: c.segmentIndex })),
    }),
    ...(reservation.extras.length > 0 && { extras: extrasFromProto(reservation.extras) }),
  };
}
