import { create } from "@bufbuild/protobuf";
import { fieldError, fromTimestamp, toTimestamp, validationFailed } from "@tarmac/kernel";
import { AirlineChangeSchema, type AirlineChange as ProtoAirlineChange } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { AirlineChange } from "../provider-port.js";
import { segmentFromProto, segmentToProto } from "./offer-messages.js";

export function changeToProto(change: AirlineChange): ProtoAirlineChange {
  const base = {
    id: change.id,
    clientReference: change.clientReference,
    pnr: change.pnr,
    occurredAt: toTimestamp(new Date(change.occurredAt)),
    reason: change.reason,
  };
  switch (change.kind) {
    case "TIME_CHANGE": {
      const { segmentIndex, minutes, depTime, arrTime } = change;
      return create(AirlineChangeSchema, { ...base, change: { case: "timeChange", value: { segmentIndex, minutes, depTime, arrTime } } });
    }
    case "FLIGHT_NUMBER_CHANGE": {
      const { segmentIndex, carrier, flightNo } = change;
      return create(AirlineChangeSchema, { ...base, change: { case: "flightNumberChange", value: { segmentIndex, carrier, flightNo } } });
    }
    case "ROUTING_CHANGE":
      return create(AirlineChangeSchema, {
        ...base,
        change: { case: "routingChange", value: { segments: change.segments.map(segmentToProto) } },
      });
    case "FLIGHT_CANCELLED":
      return create(AirlineChangeSchema, { ...base, change: { case: "flightCancelled", value: { segmentIndex: change.segmentIndex } } });
    case "RESERVATION_DROPPED":
      return create(AirlineChangeSchema, { ...base, change: { case: "reservationDropped", value: {} } });
    case "HOLD_DROPPED":
      return create(AirlineChangeSchema, { ...base, change: { case: "holdDropped", value: {} } });
  }
}

/** A change this build cannot read (a kind added later, or none) is a malformed message. */
export function changeFromProto(message: ProtoAirlineChange | undefined): AirlineChange {
  const occurredAt = fromTimestamp(message?.occurredAt);
  if (message === undefined || occurredAt === undefined) throw malformed("occurred_at", "is required");
  const base = {
    id: message.id,
    clientReference: message.clientReference,
    pnr: message.pnr,
    occurredAt: occurredAt.toISOString(),
    reason: message.reason,
  };
  const { change } = message;
  switch (change.case) {
    case "timeChange": {
      const { segmentIndex, minutes, depTime, arrTime } = change.value;
      return { ...base, kind: "TIME_CHANGE", segmentIndex, minutes, depTime, arrTime };
    }
    case "flightNumberChange": {
      const { segmentIndex, carrier, flightNo } = change.value;
      return { ...base, kind: "FLIGHT_NUMBER_CHANGE", segmentIndex, carrier, flightNo };
    }
    case "routingChange":
      return { ...base, kind: "ROUTING_CHANGE", segments: change.value.segments.map(segmentFromProto) };
    case "flightCancelled":
      return { ...base, kind: "FLIGHT_CANCELLED", segmentIndex: change.value.segmentIndex };
    case "reservationDropped":
      return { ...base, kind: "RESERVATION_DROPPED" };
    case "holdDropped":
      return { ...base, kind: "HOLD_DROPPED" };
    case undefined:
      throw malformed("change", "names no change this caller knows");
  }
}

const malformed = (field: string, message: string) => validationFailed([fieldError(field, "INVALID_VALUE", message)]);
