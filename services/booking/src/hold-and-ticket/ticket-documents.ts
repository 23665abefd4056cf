import { airportDirectory, documentRequirements } from "@tarmac/airline-port";
import { fieldError, validationFailed } from "@tarmac/kernel";
import type { BookedPassenger, Booking } from "../domain/booking.js";
import { documentErrors } from "../domain/validate-documents.js";

/** Documents given at ticketing for one passenger ("" where not given). */
export interface GivenDocuments {
  readonly paxId: string;
  readonly passportNumber: string;
  readonly passportExpiry: string;
  readonly passportIssuingCountry: string;
  readonly pan: string;
}

/**
 * The booking's passengers with the documents given at ticketing, checked against everything the
 * fare needs before tickets (API guide, Travel documents): VALIDATION_FAILED on passengers[i].<field>
 * or passenger_documents[j].pax_id, before any wallet or airline call.
 */
export function passengersForTicketing(booking: Booking, given: readonly GivenDocuments[]): BookedPassenger[] {
  const unknown = given.findIndex((g) => !booking.passengers.some((p) => p.paxId === g.paxId));
  if (unknown >= 0)
    throw validationFailed([fieldError(`passenger_documents[${unknown}].pax_id`, "INVALID_VALUE", "is not a passenger of this booking")]);
  const passengers = booking.passengers.map((p) => {
    const g = given.find((d) => d.paxId === p.paxId);
    if (!g) return p;
    return {
      ...p,
      ...(g.passportNumber !== "" && { passportNumber: g.passportNumber }),
      ...(g.passportExpiry !== "" && { passportExpiry: g.passportExpiry }),
      ...(g.passportIssuingCountry !== "" && { passportIssuingCountry: g.passportIssuingCountry }),
      ...(g.pan !== "" && { pan: g.pan }),
    };
  });
  const input = passengers.map((p) => ({
    id: p.paxId,
    type: p.type,
    title: p.title,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    dob: p.dob,
    nationality: p.nationality,
    passportNumber: p.passportNumber ?? "",
    passportExpiry: p.passportExpiry ?? "",
    passportIssuingCountry: p.passportIssuingCountry ?? "",
    pan: p.pan ?? "",
  }));
  const errors = documentErrors(input, documentRequirements(booking.segments, airportDirectory()), "TICKET");
  if (errors.length > 0) throw validationFailed(errors);
  return passengers;
}
