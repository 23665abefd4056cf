import type { PassengerCounts } from "@tarmac/airline-port";
import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import { MAX_MODE_LENGTH, MAX_SEATED_PASSENGERS, PAGE_LIMIT, type SearchInput } from "./search-criteria.js";

function checkCount(
  field: string,
  value: number | undefined,
  fallback: number,
  [min, max]: readonly [number, number],
  errors: FieldError[],
): number | undefined {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value)) {
    errors.push(fieldError(field, "INVALID_FORMAT", `${field} must be a whole number`));
    return undefined;
  }
  if (value < min || value > max) {
    errors.push(fieldError(field, "OUT_OF_RANGE", `${field} must be between ${min} and ${max}, got ${value}`));
    return undefined;
  }
  return value;
}

/** pax_adult 1..9, pax_child and pax_infant 0..9, one lap infant per adult, at most 9 seats. */
export function checkPassengers(input: SearchInput, errors: FieldError[]): PassengerCounts | undefined {
  const adult = checkCount("pax_adult", input.paxAdult, 1, [1, 9], errors);
  const child = checkCount("pax_child", input.paxChild, 0, [0, 9], errors);
  const infant = checkCount("pax_infant", input.paxInfant, 0, [0, 9], errors);
  if (adult === undefined || child === undefined || infant === undefined) return undefined;
  let valid = true;
  if (infant > adult) {
    errors.push(fieldError("pax_infant", "OUT_OF_RANGE", "pax_infant must not exceed pax_adult (one infant per adult lap)"));
    valid = false;
  }
  if (adult + child > MAX_SEATED_PASSENGERS) {
    errors.push(
      fieldError("pax_child", "OUT_OF_RANGE", `pax_adult + pax_child must be at most ${MAX_SEATED_PASSENGERS}, got ${adult + child}`),
    );
    valid = false;
  }
  return valid ? { adult, child, infant } : undefined;
}

export function checkLimit(limit: number | undefined, errors: FieldError[]): number | undefined {
  return checkCount("limit", limit, PAGE_LIMIT.fallback, [PAGE_LIMIT.min, PAGE_LIMIT.max], errors);
}

/** `mode` is accepted and has no effect (API guide, Search); only its length is bounded. */
export function checkMode(mode: string | undefined, errors: FieldError[]): void {
  if (mode !== undefined && mode.length > MAX_MODE_LENGTH) {
    errors.push(fieldError("mode", "INVALID_VALUE", `mode must be at most ${MAX_MODE_LENGTH} characters`));
  }
}

/** The page size of a continued search (cursor pages may ask for a different size). */
export function validatePageLimit(limit: number | undefined): number {
  const errors: FieldError[] = [];
  const checked = checkLimit(limit, errors);
  if (checked === undefined) throw validationFailed(errors);
  return checked;
}
