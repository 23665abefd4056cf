import { create } from "@bufbuild/protobuf";
import { fieldError, type FieldError, newId, validationFailed } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import {
  BookingStatus,
  CreateBookingRequestSchema,
  Gender,
  PassengerType,
  Title,
  type CreateBookingRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { IDEMPOTENCY_KEY_HEADER } from "../../idempotency/idempotency-key.js";
import { operation, SESSION } from "../../openapi/operation.js";
import { callerOf } from "../../auth/caller-of.js";
import { type CurrencyConverter, formatMinor, minorFromNumber, minorToNumber } from "../currency.js";
import { DetailedError, withFieldNames } from "../errors.js";
import { extrasAsAncillaries, paxIdsOf } from "./extras.js";
import { detailsAgainstFlight, detailsAgainstRequest } from "./flight-details.js";
import { documentsToProto, gstToProto } from "../../primary/booking/documents-json.js";
import { flightJson } from "./flight-json.js";
import {
  type CreateBookingBody,
  createBookingRequestSchema,
  createBookingResponseSchema,
  type PassengerBody,
  type PaxTypeWord,
} from "./schemas.js";

export interface BookingRoutesOptions {
  readonly fare: ServiceClients["fare"];
  readonly booking: ServiceClients["booking"];
  readonly converter: CurrencyConverter;
}

/** Passengers without `nationality` are taken as Indian: the platform serves Indian agencies. */
const DEFAULT_NATIONALITY = "IN";

/** The fare and booking services' field names -> this surface's. */
const FARE_FIELDS: Readonly<Record<string, string>> = {
  pax: "passengers",
  offer_id: "flight_id",
  signature: "flight_id",
  search_id: "flight_id",
};
const BOOKING_FIELDS: Readonly<Record<string, string>> = {
  contact_info: "contact",
  dob: "born_on",
  type: "pax_type",
  fare_token: "flight_id",
  ancillaries: "extras",
  ancillary_token: "code",
  pax_id: "passenger",
};

const PAX_PREFIX: Readonly<Record<PaxTypeWord, "ADT" | "CHD" | "INF">> = { adult: "ADT", child: "CHD", infant: "INF" };

/**
 * POST /flights/booking/create (API guide, Secondary surface): re-validates the offer (flight_id) through the fare
 * service for the request's passengers, compares its live price in `currency` with `total_price`
 * (409 PROVIDER_PRICE_CHANGED with the new price in `error.details` when they differ), then books
 * through the booking service with the fare token: the same wallet debit as the primary surface.
 * Idempotency-Key is honoured when sent and not required.
 */
export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (app, { fare, booking, converter }) => {
  app.post<{ Body: CreateBookingBody }>(
    "/booking/create",
    {
      schema: operation(SESSION, {
        operationId: "createBookingSecondary",
        tags: ["flights"],
        summary: "Book a flight (secondary surface)",
        description:
          "Re-validates the flight (`flight_id` from search) for these passengers and compares its live price in `currency` " +
          "with `total_price`: if they differ, 409 PROVIDER_PRICE_CHANGED with the new price in `error.details`. Otherwise " +
          "books it and debits the same agent wallet as the primary surface. `flight_details`, when sent, is the flight as " +
          "search showed it: its `id`, `currency` and `total_price` must be the request's own and its segments the " +
          "flight's (400 VALIDATION_FAILED naming the field that differs). Passengers are numbered per type in request " +
          "order; `nationality` defaults to IN. `extras` adds baggage and meals by the airline's code, at its price, to " +
          "the total. An international flight needs each passenger's passport (`passport_number`, `passport_expiry`, " +
          "`passport_issuing_country`; `pan` when the fare asks): without it 400 VALIDATION_FAILED names the passenger's " +
          "field before any money moves. `gst` is optional (else the agency's billing details). Idempotency-Key is " +
          "honoured when sent. Scope `flight.book`.",
        body: createBookingRequestSchema(converter.currencies()),
        success: { schema: createBookingResponseSchema(converter.currencies()), description: "The booking." },
        idempotencyKey: "optional",
        errors: [
          "SEARCH_OFFER_NOT_FOUND",
          "SEARCH_EXPIRED",
          "PROVIDER_PRICE_CHANGED",
          "WALLET_INSUFFICIENT_FUNDS",
          "PROVIDER_SOLD_OUT",
          "BOOKING_SEAT_UNAVAILABLE",
          "BOOKING_PASSENGER_MISMATCH",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_BOOK, idempotency: { operation: "secondary.booking.create", optional: true } },
      // Before the idempotency record starts, so a client can correct these and keep its key.
      preValidation: normaliseAndCheck,
    },
    async (request) => {
      const body = request.body;
      const { agentId } = callerOf(request);
      const validated = await fare
        .validateFare({ agentId, offerId: body.flight_id, pax: paxCounts(body.passengers) })
        .catch((error: unknown) => {
          throw withFieldNames(error, FARE_FIELDS);
        });
      const offer = validated.offer;
      if (!offer) throw new Error("fare validation answered without an offer");
      if (body.flight_details) {
        const contradictions = detailsAgainstFlight(body.flight_details, flightJson(offer, body.currency, converter));
        if (contradictions.length > 0) throw validationFailed(contradictions);
      }

      const live = converter.convert(offer.bestPricePaise, offer.currency, body.currency);
      const asked = minorFromNumber(body.total_price);
      if (live !== asked) {
        throw new DetailedError(
          "PROVIDER_PRICE_CHANGED",
          `The price of this flight is now ${formatMinor(live)} ${body.currency}, not ${body.total_price}; book again with the new total_price`,
          { flight_id: body.flight_id, total_price: minorToNumber(live), currency: body.currency, requested_total_price: body.total_price },
        );
      }

      const sentKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const key = typeof sentKey === "string" && sentKey !== "" ? sentKey : undefined;
      const ancillaries = await extrasAsAncillaries(fare, agentId, validated.fareToken, body);
      const booked = await booking
        .createBooking(toCreateBookingRequest(body, agentId, validated.fareToken, key, ancillaries))
        .catch((error: unknown) => {
          throw withFieldNames(error, BOOKING_FIELDS);
        });
      return {
        success: true,
        data: {
          booking_id: booked.bookingId,
          pnr: booked.pnr,
          status: statusName(booked.status),
          total_price: minorToNumber(converter.convert(booked.totalPricePaise, booked.currency, body.currency)),
          currency: body.currency,
        },
      };
    },
  );
};

/**
 * Words are case-insensitive on this surface: pax_type is lower-cased, title and gender
 * upper-cased (a trailing dot of a title dropped; MALE and FEMALE read as M and F) before the
 * schema sees them. Then the checks a schema cannot make: total_price has at most 2 decimals, and
 * flight_details, when sent, agrees with flight_id, currency and total_price.
 */
async function normaliseAndCheck(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  if (Array.isArray(body.passengers)) {
    for (const passenger of body.passengers as unknown[]) {
      if (typeof passenger !== "object" || passenger === null) continue;
      const p = passenger as Record<string, unknown>;
      if (typeof p.pax_type === "string") p.pax_type = p.pax_type.toLowerCase();
      if (typeof p.title === "string") p.title = p.title.toUpperCase().replace(/\.$/, "");
      if (typeof p.gender === "string")
        p.gender = ({ MALE: "M", FEMALE: "F" } as Record<string, string>)[p.gender.toUpperCase()] ?? p.gender.toUpperCase();
    }
  }
  const errors: FieldError[] = [];
  if (typeof body.total_price === "number" && body.total_price >= 0 && minorFromNumber(body.total_price) === undefined) {
    errors.push(fieldError("total_price", "INVALID_FORMAT", "must be a decimal amount with at most 2 decimals"));
  }
  errors.push(...detailsAgainstRequest(body));
  if (errors.length > 0) throw validationFailed(errors);
}

function paxCounts(passengers: readonly PassengerBody[]) {
  const count = (type: PaxTypeWord) => passengers.filter((p) => p.pax_type === type).length;
  return { adult: count("adult"), child: count("child"), infant: count("infant") };
}

/**
 * Passengers get the ids of API guide, Fare validation and seat maps in request order per type (ADT1, ADT2, CHD1, INF1). The
 * booking's own idempotency key is the client's Idempotency-Key under this surface's prefix (a
 * retry that reaches the booking service finds its booking), or a fresh one without a header.
 */
function toCreateBookingRequest(
  body: CreateBookingBody,
  agentId: string,
  fareToken: string,
  key: string | undefined,
  ancillaries: readonly { paxId: string; ancillaryToken: string; quantity: number }[],
): CreateBookingRequest {
  const paxIds = paxIdsOf(body.passengers);
  return create(CreateBookingRequestSchema, {
    agentId,
    fareToken,
    idempotencyKey: key === undefined ? newId("sec") : `secondary:${key}`,
    passengers: body.passengers.map((p, i) => {
      const prefix = PAX_PREFIX[p.pax_type];
      return {
        id: paxIds[i] ?? "",
        type: PassengerType[prefix],
        title: Title[p.title],
        firstName: p.first_name,
        lastName: p.last_name,
        gender: Gender[p.gender],
        dob: p.born_on,
        nationality: p.nationality ?? DEFAULT_NATIONALITY,
        ...documentsToProto(p),
      };
    }),
    contactInfo: { email: body.contact.email, phone: body.contact.phone },
    ...gstToProto(body.gst),
    ancillaries: ancillaries.map((a) => ({ ...a })),
  });
}

function statusName(status: BookingStatus): string {
  const name = (BookingStatus as Record<number, string | undefined>)[status];
  if (name === undefined || status === BookingStatus.UNSPECIFIED) throw new Error(`booking has no status (${status})`);
  return name;
}
