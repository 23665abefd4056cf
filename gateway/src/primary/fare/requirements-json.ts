import { RequiredAt, RequiredAtSchema, type FareRequirements } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { enumNames } from "../../enum-names.js";
import { array, boolean, date, described, nullable, object, oneOf } from "../../json-schema.js";

const requiredAt = oneOf(
  enumNames(RequiredAtSchema),
  "`BOOK`: booking create refuses the booking without it; `TICKET`: needed before tickets are issued (at create for a booking paid at once, at the latest at `booking/ticket` for a hold).",
);
const requirement = (what: string) => nullable(object({ required_at: requiredAt }), `${what}; null when the fare does not need it.`);

/** API guide, Travel documents: what each passenger type must give, and the agency's GST details. */
const requirementsSchema = object({
  international: boolean("Whether the journey crosses a border."),
  passengers: array(
    object({
      type: oneOf(["ADT", "CHD", "INF"], "The passenger type these requirements are for."),
      date_of_birth: requirement("The passenger's `dob`"),
      passport: nullable(
        object({
          required_at: requiredAt,
          min_expiry_date: date("The passport must not expire before this date: six months after the last flight."),
        }),
        "`passport_number`, `passport_expiry` and `passport_issuing_country` (with `nationality`); null when the fare does not need them.",
      ),
      pan: requirement("The passenger's Indian PAN (`pan`)"),
    }),
    "One entry per passenger type.",
  ),
  gst: requirement("The agency's GST details (`gst` on booking create)"),
});

export const requirementsProperty = described(requirementsSchema, "The documents the fare needs and when (API guide, Travel documents).");

const whenJson = (at: RequiredAt) => (at === RequiredAt.UNSPECIFIED ? null : { required_at: RequiredAt[at] as "BOOK" | "TICKET" });

export function requirementsJson(r: FareRequirements | undefined) {
  if (!r) throw new Error("fare validation answered without requirements");
  return {
    international: r.international,
    passengers: r.passengers.map((p) => ({
      type: p.passengerType,
      date_of_birth: whenJson(p.dateOfBirth),
      passport: p.passport
        ? { required_at: RequiredAt[p.passport.requiredAt] as "BOOK" | "TICKET", min_expiry_date: p.passport.minExpiryDate }
        : null,
      pan: whenJson(p.pan),
    })),
    gst: whenJson(r.gst),
  };
}
