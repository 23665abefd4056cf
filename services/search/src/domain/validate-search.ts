import { type Airport, type AirportDirectory, type Cabin, CABINS } from "@tarmac/airline-port";
import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import { compactDateOf, dayNumberOf, isCompactDate, localDayNumber, toIsoDate } from "./dates.js";
import { checkLimit, checkMode, checkPassengers } from "./validate-fields.js";
import { MAX_DAYS_AHEAD, type SearchCriteria, type SearchInput } from "./search-criteria.js";

export interface ValidationContext {
  readonly airports: AirportDirectory;
  readonly now: Date;
}

const AIRPORT_CODE = /^[A-Z]{3}$/;

/**
 * Checks a new search against API guide, Search and collects every failing field, so a
 * client fixes its request in one round trip. Throws VALIDATION_FAILED; returns the criteria.
 */
export function validateSearch(input: SearchInput, context: ValidationContext): SearchCriteria {
  const errors: FieldError[] = [];
  const origin = checkAirport("origin", input.origin, context.airports, errors);
  const dest = checkDest(input, context.airports, errors);
  const dates = checkDates(input, origin, context.now, errors);
  const pax = checkPassengers(input, errors);
  const cabin = checkCabin(input.cabin, errors);
  const limit = checkLimit(input.limit, errors);
  checkMode(input.mode, errors);
  if (errors.length > 0 || !origin || !dest || !dates || !pax || limit === undefined) throw validationFailed(errors);
  return {
    query: {
      origin: origin.code,
      dest: dest.code,
      departureDate: dates.departureDate,
      ...(dates.returnDate !== undefined && { returnDate: dates.returnDate }),
      pax,
      ...(cabin !== undefined && { cabin }),
    },
    limit,
  };
}

function checkAirport(field: string, code: string | undefined, airports: AirportDirectory, errors: FieldError[]) {
  if (code === undefined || code === "") {
    errors.push(fieldError(field, "REQUIRED", `${field} is required`));
    return undefined;
  }
  if (!AIRPORT_CODE.test(code)) {
    errors.push(fieldError(field, "INVALID_FORMAT", `${field} must be a three-letter uppercase airport code, e.g. DEL`));
    return undefined;
  }
  const airport = airports.find(code);
  if (!airport) errors.push(fieldError(field, "UNKNOWN_AIRPORT", `${field} ${code} is not an airport we know`));
  return airport;
}

function checkDest(input: SearchInput, airports: AirportDirectory, errors: FieldError[]) {
  if (input.dest !== undefined && input.dest === input.origin && AIRPORT_CODE.test(input.dest)) {
    errors.push(fieldError("dest", "INVALID_VALUE", "dest must differ from origin"));
    return undefined;
  }
  return checkAirport("dest", input.dest, airports, errors);
}

/**
 * "Today" is the calendar day at the origin airport. With no known origin we only reject dates
 * that are out of range everywhere on earth (UTC-12 for the past, UTC+14 for the horizon).
 */
function checkDates(input: SearchInput, origin: Airport | undefined, now: Date, errors: FieldError[]) {
  const earliest = localDayNumber(now, origin?.timeZone ?? "Etc/GMT+12");
  const latest = localDayNumber(now, origin?.timeZone ?? "Etc/GMT-14") + MAX_DAYS_AHEAD;
  const where = origin ? `at ${origin.code}` : "anywhere";
  const dod = checkDate("dod", input.dod, true, errors);
  if (dod !== undefined && dod < earliest) {
    errors.push(fieldError("dod", "OUT_OF_RANGE", `dod is in the past (today ${where} is ${compactDateOf(earliest)})`));
  } else if (dod !== undefined && dod > latest) {
    errors.push(fieldError("dod", "OUT_OF_RANGE", `dod must be at most ${MAX_DAYS_AHEAD} days ahead (${compactDateOf(latest)})`));
  }
  const doa = checkDate("doa", input.doa, false, errors);
  if (doa !== undefined && dod !== undefined && doa < dod) {
    errors.push(fieldError("doa", "OUT_OF_RANGE", "doa (return date) must be on or after dod"));
  } else if (doa !== undefined && doa > latest) {
    errors.push(fieldError("doa", "OUT_OF_RANGE", `doa must be at most ${MAX_DAYS_AHEAD} days ahead (${compactDateOf(latest)})`));
  }
  if (dod === undefined || input.dod === undefined) return undefined;
  return {
    departureDate: toIsoDate(input.dod),
    ...(doa !== undefined && input.doa !== undefined && { returnDate: toIsoDate(input.doa) }),
  };
}

function checkDate(field: string, text: string | undefined, required: boolean, errors: FieldError[]) {
  if (text === undefined || text === "") {
    if (required) errors.push(fieldError(field, "REQUIRED", `${field} is required (YYYYMMDD)`));
    return undefined;
  }
  if (!isCompactDate(text)) {
    errors.push(fieldError(field, "INVALID_FORMAT", `${field} must be a date written YYYYMMDD, e.g. 20261201`));
    return undefined;
  }
  const day = dayNumberOf(text);
  if (day === undefined) errors.push(fieldError(field, "INVALID_VALUE", `${field} ${text} is not a calendar date`));
  return day;
}

function checkCabin(cabin: string | undefined, errors: FieldError[]): Cabin | undefined {
  if (cabin === undefined) return undefined;
  const known = CABINS.find((c) => c === cabin);
  if (!known) errors.push(fieldError("cabin", "INVALID_VALUE", `cabin must be one of ${CABINS.join(", ")}`));
  return known;
}
