import {
  AncillaryKindSchema,
  CancellationTypeSchema,
  type Gender,
  GenderSchema,
  PaymentSchema,
  type PassengerType,
  PassengerTypeSchema,
  ReasonCodeSchema,
  type Title,
  TitleSchema,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { BOOKING_STATUSES } from "../../booking-statuses.js";
import { type EnumName, enumNames } from "../../enum-names.js";
import {
  array,
  boolean,
  closed,
  date,
  described,
  instant,
  integer,
  nullable,
  nullableInstant,
  object,
  oneOf,
  paise,
  string,
  text,
} from "../../json-schema.js";
import { pricingSchema, segmentSchema } from "../search/schemas.js";
import { bookedPartSchema, cancellationRecordSchema, refundSchema } from "./refund-schemas.js";
import {
  gstOut,
  gstRequestSchema,
  passengerDocumentOut,
  passengerDocumentProperties,
  taxLinesOut,
  type GstBody,
  type PassengerDocumentsBody,
} from "./documents-schemas.js";

/** JSON schemas of booking create and status (API guide, Bookings and Booking states). */

export const bookingStatus = (description: string) => oneOf(BOOKING_STATUSES, description);
const paymentOf = (description: string) => oneOf(enumNames(PaymentSchema), description);

const passengerFields = {
  id: "Passenger id: its type and a number from 1, e.g. `ADT1`, `CHD1`, `INF1`.",
  type: "`ADT` (12 and over), `CHD` (2 to 11) or `INF` (under 2) on the last flight's date.",
  title: "Title as on the passport.",
  first_name: "Given names: letters, spaces, hyphens and apostrophes.",
  last_name: "Family name: letters, spaces, hyphens and apostrophes.",
  gender: "`M`, `F` or `X`.",
  dob: "Date of birth, `YYYY-MM-DD`.",
  nationality: "ISO 3166-1 alpha-2 country code, e.g. `IN`.",
} as const;

const passengerSchema = closed(
  {
    id: string(passengerFields.id, { pattern: "^(ADT|CHD|INF)[1-9]$" }),
    type: oneOf(enumNames(PassengerTypeSchema), passengerFields.type),
    title: oneOf(enumNames(TitleSchema), passengerFields.title),
    first_name: text(50, passengerFields.first_name),
    last_name: text(50, passengerFields.last_name),
    gender: oneOf(enumNames(GenderSchema), passengerFields.gender),
    dob: date(passengerFields.dob),
    nationality: string(passengerFields.nationality, { pattern: "^[A-Z]{2}$" }),
    ...passengerDocumentProperties,
  },
  ["id", "type", "title", "first_name", "last_name", "gender", "dob", "nationality"],
);

const contactFields = { email: "E-mail address for the airline's notices.", phone: "Phone number, E.164, e.g. `+919812345678`." } as const;

export const createBookingRequestSchema = closed(
  {
    fare_token: text(1024, "The `fare_token` of fare validation (the price lock, 15 minutes)."),
    agent_id: text(64, "Optional: when sent, must be the API key's own agent (else 403)."),
    idempotency_key: text(255, "Optional: when sent, must equal the Idempotency-Key header (else 400)."),
    passengers: array(passengerSchema, "Every passenger; the counts per type must equal the fare's.", { minItems: 1, maxItems: 18 }),
    contact_info: described(
      closed({ email: text(254, contactFields.email), phone: text(20, contactFields.phone) }, ["email", "phone"]),
      "Who the airline contacts about the booking.",
    ),
    payment: paymentOf(
      "`WALLET` (default): the wallet is debited at once. `HOLD`: the airline holds the fare without payment (the offer's " +
        "`hold_allowed`, else 422 BOOKING_HOLD_NOT_ALLOWED); the booking is HELD until `booking/ticket` or its ticket time limit.",
    ),
    ancillaries: array(
      closed(
        {
          pax_id: text(8, "The passenger's `id`."),
          ancillary_token: text(
            1024,
            "A seat's `ancillary_token` from the seat map (one this passenger may take), or a baggage or meal option's from " +
              "`fare/ancillaries` (one listed for this passenger).",
          ),
          quantity: integer("Baggage and meals: how many, 1 to the option's `max_quantity` (default 1). Seats: 1.", {
            minimum: 1,
            maximum: 9,
          }),
        },
        ["pax_id", "ancillary_token"],
      ),
      "Seats (at most one per passenger per segment), extra baggage and meals (at most each option's `max_quantity` per " +
        "passenger per segment); infants get no seat, and baggage or meals only when the airline sells them.",
      { maxItems: 200 },
    ),
    gst: gstRequestSchema,
  },
  ["fare_token", "passengers", "contact_info"],
);

interface PassengerBody extends PassengerDocumentsBody {
  id: string;
  type: EnumName<typeof PassengerType>;
  title: EnumName<typeof Title>;
  first_name: string;
  last_name: string;
  gender: EnumName<typeof Gender>;
  dob: string;
  nationality: string;
}

export interface CreateBookingBody {
  fare_token: string;
  agent_id?: string;
  idempotency_key?: string;
  passengers: PassengerBody[];
  contact_info: { email: string; phone: string };
  ancillaries?: { pax_id: string; ancillary_token: string; quantity?: number }[];
  payment?: "WALLET" | "HOLD";
  gst?: GstBody;
}

const bookingId = string("The booking's id (`bkg_...`).");
const pnr = "The airline's record locator, six letters or digits.";
const currency = string("ISO 4217 code of every amount: `INR`.");

export const createBookingResponseSchema = object({
  booking_id: bookingId,
  pnr: string(pnr),
  total_price_paise: paise("`final_price` plus paid seats, baggage and meals"),
  currency,
  status: bookingStatus("`BOOKED` once the airline has the PNR and the wallet is debited; `HELD` for `payment: HOLD`."),
  ticket_time_limit: nullableInstant("A hold's deadline to ticket (`booking/ticket`); null for a booking paid at once."),
  price_guaranteed_until: nullableInstant("Until when a hold's price stands without re-pricing; null for a booking paid at once."),
});

export const bookingStatusRequestSchema = closed({
  booking_id: text(64, "The booking's id (`bkg_...`)."),
  pnr: string("The booking's PNR.", { pattern: "^[A-Za-z0-9]{6}$" }),
  idempotency_key: text(255, "The Idempotency-Key the booking was created with: finds it when the create's answer was lost."),
});

export interface BookingStatusBody {
  booking_id?: string;
  pnr?: string;
  /** The Idempotency-Key the booking was created with: finds it when the create's answer was lost. */
  idempotency_key?: string;
}

const passengerOut = object({
  id: string(passengerFields.id),
  type: oneOf(enumNames(PassengerTypeSchema), passengerFields.type),
  title: oneOf(enumNames(TitleSchema), passengerFields.title),
  first_name: string(passengerFields.first_name),
  last_name: string(passengerFields.last_name),
  gender: oneOf(enumNames(GenderSchema), passengerFields.gender),
  dob: date(passengerFields.dob),
  nationality: string(passengerFields.nationality),
  ...passengerDocumentOut,
});

const band = object({
  min_hours_before_departure: integer("The band applies from this many hours before departure."),
  per_passenger_paise: paise("Charged per seated passenger"),
});

const reasonCode = oneOf(enumNames(ReasonCodeSchema), "Why the booking was changed.");

/** A ticket's or an extra's status (TicketStatus). */
const ticketStatus = (description: string) => oneOf(["OPEN", "CANCELLED", "VOIDED"], description);

/** One line of a booking's baggage and meals. */
export const bookedExtraSchema = object({
  pax_id: string("The passenger's `id`."),
  segment_index: integer("Index of the segment in `segments`, from 0."),
  kind: oneOf(enumNames(AncillaryKindSchema), "`BAGGAGE` (extra checked kilograms) or `MEAL`."),
  code: string("The airline's code, e.g. `XBAG10`, `VGML`."),
  description: string("What it is, as the airline describes it."),
  quantity: integer("How many."),
  weight_kg: integer("Extra checked baggage per unit, kilograms; 0 for a meal."),
  unit_price_paise: paise("Price of one"),
  price_paise: paise("`unit_price_paise` times `quantity`"),
  ancillary_id: string("The option's ancillary id, e.g. `BAGGAGE-0-XBAG10`."),
  source: oneOf(
    ["BOOKING", "ADDED"],
    "`BOOKING`: bought with the booking; `ADDED`: added after (API guide, Baggage and meals after ticketing).",
  ),
  emd_number: {
    type: ["string", "null"],
    pattern: "^[0-9]{13}$",
    description:
      "An added item's EMD-style document number: 13 digits, the carrier's accounting code, 8, a 9-digit serial. Null for items bought with the booking.",
  },
  added_at: nullableInstant("When it was added; null for items bought with the booking."),
  addition_id: {
    type: ["string", "null"],
    description: "The addition it was bought in (`add_...`); null for items bought with the booking.",
  },
  refundable_on_voluntary_cancellation: boolean(
    "Whether a voluntary cancellation refunds it: true for items bought with the booking (refunded with the fare), false for added ones (the airline keeps their EMDs; they are refunded on INVOLUNTARY, FLIGHT_CANCELLED and VOID).",
  ),
  status: ticketStatus(
    "Where it stands, like its passenger's ticket for its segment: `OPEN`, `CANCELLED` once that coupon (or the whole booking) is cancelled, `VOIDED` after a void. A cancelled item stays listed (and in `extras_paise`, what was bought); the cancellation's `items` say what was refunded.",
  ),
});

export const bookingResponseSchema = object({
  booking_id: bookingId,
  pnr: { type: ["string", "null"], description: `${pnr} Null until the airline has reserved.` },
  status: bookingStatus("The booking's state (API guide, Booking states)."),
  agent_id: string("The agency that owns the booking."),
  created_at: instant("When the booking was created."),
  updated_at: instant("When the booking last changed."),
  currency,
  total_price_paise: paise("`final_price` plus paid seats, baggage and meals: what the end customer pays"),
  net_fare_paise: paise("`net_fare`: what the wallet was debited for the fare"),
  seats_paise: paise("The paid seats' total; 0 after a reschedule, which drops seats"),
  pricing_breakdown: { ...pricingSchema, description: "The fare's pricing (API guide, Money and pricing)." },
  segments: array(segmentSchema, "The flights, in travel order (a reschedule replaces them)."),
  passengers: array(passengerOut, "The passengers."),
  contact_info: described(object({ email: string(contactFields.email), phone: string(contactFields.phone) }), "The booking's contact."),
  seats: array(
    object({
      pax_id: string("The passenger's `id`."),
      segment_index: integer("Index of the segment in `segments`, from 0."),
      seat: string("Seat number, e.g. `12C`."),
      price_paise: paise("Price of the seat"),
      ancillary_id: string("The seat's ancillary id."),
    }),
    "The seats taken.",
  ),
  extras_paise: paise(
    "What was bought in baggage and meals: the total of `extras`, cancelled items included (a cancellation does not lower it; its `items` say what was refunded); after a reschedule, the items carried over",
  ),
  extras: array(bookedExtraSchema, "The baggage and meals bought, one line per passenger, segment and option."),
  added_extras_paise: paise("The part of `extras_paise` added after booking"),
  ticket_numbers: array(
    object({
      pax_id: string("The passenger's `id`."),
      segment_index: integer("Index of the segment in `segments`, from 0."),
      ticket_number: string("The airline's ticket number."),
      status: ticketStatus("`OPEN`, or `CANCELLED` / `VOIDED` once its coupon is (partial cancellation, void)."),
    }),
    "One per passenger per segment once `TICKETED`.",
  ),
  status_history: array(
    object({ status: bookingStatus("The state entered."), at: instant("When."), reason: string("Why, when there is a reason.") }),
    "Every state the booking went through, oldest first.",
  ),
  last_arrival_at: instant("When the last segment arrives; the booking is `FLOWN` after it."),
  debited_paise: paise(
    "What the wallet took for this booking: fare, seats, baggage, meals and reschedule payments, net of what a reschedule gave back at once; cancellation refunds are in `refunds` and not taken off",
  ),
  payment: paymentOf("How the booking is paid: `WALLET` at once, or `HOLD` (held, ticketed and paid later)."),
  hold: nullable(
    object({
      ticket_time_limit: instant("The airline's deadline to ticket; the hold expires after it."),
      price_guaranteed_until: instant("Until when the held price stands; ticketing later re-prices with the airline."),
    }),
    "A held booking's deadlines (API guide, Holds); null for a booking paid at once.",
  ),
  fare_rules: described(
    object({
      refundable: boolean("Whether a voluntary cancellation refunds more than the taxes."),
      cancellation_penalties: array(
        band,
        "Penalty bands of a voluntary cancellation, nearest departure last; `[]` when not refundable (the whole base fare is kept).",
      ),
      change_fees: array(band, "Fee bands of a reschedule, nearest departure last."),
      taxes_refundable: boolean("Whether the taxes come back on a cancellation."),
    }),
    "The fare rules as booking applies them (API guide, Cancellation and reschedule).",
  ),
  cancellation: nullable(
    object({
      cancellation_type: oneOf(
        enumNames(CancellationTypeSchema),
        "`VOLUNTARY`, or `INVOLUNTARY` when the airline cancelled or changed the flight.",
      ),
      reason_code: reasonCode,
      airline_penalty_paise: paise("The airline's penalty kept"),
      ota_fee_paise: paise("The platform's fee kept"),
      refund_amount_paise: paise(
        "Credited to the wallet: refundable paid (what was debited less the fees of reschedules) - airline penalty - platform fee, never below zero",
      ),
      confirmed_at: instant("When the cancellation was confirmed."),
    }),
    "The latest cancellation; null until there is one.",
  ),
  cancellations: array(cancellationRecordSchema, "Every confirmed cancellation, partial or whole, oldest first."),
  refunds: array(refundSchema, "The refund requests of its cancellations, oldest first, each with its status."),
  booked_parts: array(bookedPartSchema, "Passengers and directions still booked; empty once the booking is cancelled."),
  reschedule: nullable(
    object({
      new_offer_id: string("The offer the booking moved to."),
      reason_code: reasonCode,
      fare_difference_paise: paise("`max(0, new net_fare - old net_fare)`"),
      change_penalty_paise: paise("The airline's change fee plus the platform's fee"),
      new_total_paise: paise("The booking's new `total_price_paise`: the new fare's final price plus the baggage carried over"),
      confirmed_at: instant("When the reschedule was confirmed."),
    }),
    "The latest reschedule; null until there is one.",
  ),
  gst: gstOut,
  tax_lines: taxLinesOut,
});
