import { fieldError, type FieldError } from "@tarmac/kernel";
import type { BookedPassenger, PassengerType } from "../domain/booking.js";
import type { LockedFare, PassengerInput } from "../domain/booking-request.js";
import { countryCodeError } from "../domain/country-codes.js";
import { ageOn, isCalendarDate } from "../domain/dates.js";

const TYPES: readonly PassengerType[] = ["ADT", "CHD", "INF"];
const TITLES = ["MR", "MRS", "MS", "MISS", "MSTR"];
const GENDERS = ["M", "F", "X"];
const NAME = /^[\p{L}][\p{L} '-]{0,49}$/u;
/** API guide, Bookings: age at the last flight date. */
const AGES: Readonly<Record<PassengerType, readonly [number, number]>> = { ADT: [12, 130], CHD: [2, 11], INF: [0, 1] };

/** Field-level problems of each passenger (API guide, Bookings); an empty list means every field is well formed. */
export function passengerErrors(passengers: readonly PassengerInput[], fare: LockedFare): FieldError[] {
  const errors: FieldError[] = [];
  if (passengers.length === 0) return [fieldError("passengers", "REQUIRED", "at least one passenger is required")];
  const seenIds = new Set<string>();
  passengers.forEach((p, i) => {
    const at = (field: string) => `passengers[${i}].${field}`;
    const oneOf = (field: string, value: string, allowed: readonly string[]) => {
      if (value === "") errors.push(fieldError(at(field), "REQUIRED", "is required"));
      else if (!allowed.includes(value)) errors.push(fieldError(at(field), "INVALID_VALUE", `must be one of ${allowed.join(", ")}`));
    };
    oneOf("type", p.type, TYPES);
    oneOf("title", p.title, TITLES);
    oneOf("gender", p.gender, GENDERS);
    for (const [field, value] of [
      ["first_name", p.firstName],
      ["last_name", p.lastName],
    ] as const) {
      if (value === "") errors.push(fieldError(at(field), "REQUIRED", "is required"));
      else if (!NAME.test(value))
        errors.push(fieldError(at(field), "INVALID_FORMAT", "must be 1 to 50 letters, spaces, hyphens or apostrophes"));
    }
    if (p.nationality === "") errors.push(fieldError(at("nationality"), "REQUIRED", "is required"));
    else {
      const problem = countryCodeError(at("nationality"), p.nationality);
      if (problem) errors.push(problem);
    }
    if (p.id === "") errors.push(fieldError(at("id"), "REQUIRED", "is required"));
    else if (!new RegExp(`^${p.type}[1-9]$`).test(p.id))
      errors.push(
        fieldError(at("id"), "INVALID_VALUE", `must be ${p.type || "the type"} followed by its number, e.g. ${p.type || "ADT"}1`),
      );
    else if (seenIds.has(p.id)) errors.push(fieldError(at("id"), "INVALID_VALUE", `${p.id} is given twice`));
    seenIds.add(p.id);
    errors.push(...dobErrors(p, at("dob"), fare.lastFlightDate));
  });
  return errors;
}

function dobErrors(p: PassengerInput, field: string, lastFlightDate: string): FieldError[] {
  if (p.dob === "") return [fieldError(field, "REQUIRED", "is required")];
  if (!isCalendarDate(p.dob)) return [fieldError(field, "INVALID_FORMAT", "must be a date YYYY-MM-DD")];
  const range = (AGES as Partial<Record<string, (typeof AGES)[PassengerType]>>)[p.type];
  if (range === undefined) return [];
  const age = ageOn(p.dob, lastFlightDate);
  if (age < 0) return [fieldError(field, "OUT_OF_RANGE", "is after the flight")];
  if (age < range[0] || age > range[1]) {
    const rule = p.type === "ADT" ? "12 or older" : p.type === "CHD" ? "2 to 11" : "under 2";
    return [fieldError(field, "OUT_OF_RANGE", `a ${p.type} passenger must be ${rule} on ${lastFlightDate} (is ${age})`)];
  }
  return [];
}

/** Passenger ids numbered 1..n per type, counts equal to the fare's: otherwise the fare does not fit. */
export function passengerMismatch(passengers: readonly PassengerInput[], fare: LockedFare): string | undefined {
  const count = (type: PassengerType) => passengers.filter((p) => p.type === type).length;
  const counts = { adult: count("ADT"), child: count("CHD"), infant: count("INF") };
  if (counts.adult !== fare.pax.adult || counts.child !== fare.pax.child || counts.infant !== fare.pax.infant) {
    return (
      `The fare is for ${fare.pax.adult} ADT, ${fare.pax.child} CHD and ${fare.pax.infant} INF; ` +
      `the request names ${counts.adult} ADT, ${counts.child} CHD and ${counts.infant} INF`
    );
  }
  for (const type of TYPES) {
    const ids = passengers
      .filter((p) => p.type === type)
      .map((p) => p.id)
      .sort();
    const expected = ids.map((_, i) => `${type}${i + 1}`);
    if (ids.join() !== expected.join()) return `${type} passengers must be numbered ${expected.join(", ")}`;
  }
  return undefined;
}

export function toBookedPassenger(p: PassengerInput): BookedPassenger {
  return {
    paxId: p.id,
    type: p.type as PassengerType,
    title: p.title,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    dob: p.dob,
    nationality: p.nationality,
    ...(p.passportNumber !== "" && { passportNumber: p.passportNumber }),
    ...(p.passportExpiry !== "" && { passportExpiry: p.passportExpiry }),
    ...(p.passportIssuingCountry !== "" && { passportIssuingCountry: p.passportIssuingCountry }),
    ...(p.pan !== "" && { pan: p.pan }),
  };
}
