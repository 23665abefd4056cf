import type { PassengerCounts } from "@tarmac/airline-port";
import { fieldError, validationFailed } from "@tarmac/kernel";

/**
 * A fare is priced for the search's passengers, so a validation must name exactly those
 * (API guide, Fare validation and seat maps); anything else is the caller's mistake, reported on `pax`.
 */
export function requireSearchPax(given: PassengerCounts, searched: PassengerCounts): void {
  if (given.adult === searched.adult && given.child === searched.child && given.infant === searched.infant) return;
  throw validationFailed([
    fieldError(
      "pax",
      "INVALID_VALUE",
      `must equal the search's passengers (adult ${searched.adult}, child ${searched.child}, infant ${searched.infant}); ` +
        `got adult ${given.adult}, child ${given.child}, infant ${given.infant}`,
    ),
  ]);
}
