import { create } from "@bufbuild/protobuf";
import { airportDirectory, documentRequirements, type RequiredAt as RequiredAtName } from "@tarmac/airline-port";
import { FareRequirementsSchema, RequiredAt, type FareRequirements } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { Cabin, type Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";

const REQUIRED_AT: Readonly<Record<RequiredAtName, RequiredAt>> = { BOOK: RequiredAt.BOOK, TICKET: RequiredAt.TICKET };
const when = (at: RequiredAtName | undefined) => (at === undefined ? RequiredAt.UNSPECIFIED : REQUIRED_AT[at]);

/** The documents the offer's airline asks for (the same rule booking create enforces). */
export function fareRequirementsOf(offer: Offer): FareRequirements {
  const segments = offer.segments.map((s) => ({ origin: s.origin, dest: s.dest, depTime: s.depTime, cabin: Cabin[s.cabin] }));
  const r = documentRequirements(segments, airportDirectory());
  return create(FareRequirementsSchema, {
    international: r.international,
    passengers: r.passengers.map((p) => ({
      passengerType: p.type,
      dateOfBirth: when(p.dateOfBirth),
      passport: p.passport && { requiredAt: when(p.passport.requiredAt), minExpiryDate: p.passport.minExpiryDate },
      pan: when(p.pan),
    })),
    gst: when(r.gst),
  });
}
