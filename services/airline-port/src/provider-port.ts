/**
 * The airline provider port: what search (and later fare, booking) needs from an airline, in
 * domain terms. Adapters: the sandbox airline (default in development and tests); real GDS/NDC
 * adapters implement the same interface.
 */

export type Cabin = "ECONOMY" | "PREMIUM_ECONOMY" | "BUSINESS" | "FIRST";
export const CABINS: readonly Cabin[] = ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"];

export type Direction = "OUTBOUND" | "RETURN";

export interface PassengerCounts {
  readonly adult: number;
  readonly child: number;
  readonly infant: number;
}

export interface FlightQuery {
  readonly origin: string;
  readonly dest: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  readonly departureDate: string;
  /** Local departure date of the return journey, YYYY-MM-DD; absent for one-way. */
  readonly returnDate?: string;
  readonly pax: PassengerCounts;
  /** Absent: every cabin. */
  readonly cabin?: Cabin;
}

export interface ProviderSegment {
  readonly carrier: string;
  readonly flightNo: string;
  readonly origin: string;
  readonly dest: string;
  /** RFC 3339 with the airport's local offset, e.g. 2026-12-01T06:15:00+05:30. */
  readonly depTime: string;
  readonly arrTime: string;
  readonly cabin: Cabin;
  readonly bookingClass: string;
  readonly seatsAvailable: number;
  readonly direction: Direction;
  readonly durationMinutes: number;
  /** IATA aircraft type code, e.g. 320, 77W. */
  readonly aircraft: string;
}

/**
 * A charge that depends on how long before departure it is made: the band with the largest
 * `minHoursBeforeDeparture` not above the time left applies. Amounts per seated passenger (adults
 * and children; lap infants pay none).
 */
export interface PenaltyBand {
  readonly minHoursBeforeDeparture: number;
  readonly perPassengerPaise: number;
}

/** The fare's rules, filed by the airline with the fare (API guide, Cancellation and reschedule). */
export interface FareRules {
  readonly refundable: boolean;
  /** Cancellation penalty bands, nearest departure last, as filed (booking decides what a non-refundable fare forfeits). */
  readonly cancellationPenalties: readonly PenaltyBand[];
  /** Change (reschedule) fee bands. */
  readonly changeFees: readonly PenaltyBand[];
  /** Statutory taxes are always refunded; the penalty never exceeds the base fare. */
  readonly taxesRefundable: true;
}

/**
 * A fare family as the airline brands it: SAVER (the cheapest, non-refundable), FLEXI (refundable,
 * cheaper changes), SUPER_FLEXI (the cabin's full fare: the most included). Letters (booking
 * classes) sell within a brand; the same flight in two brands is two offers.
 */
export type FareBrandCode = "SAVER" | "FLEXI" | "SUPER_FLEXI";
export const FARE_BRAND_CODES: readonly FareBrandCode[] = ["SAVER", "FLEXI", "SUPER_FLEXI"];

/** Whether a service comes with the fare or is sold as a paid extra. */
export type Inclusion = "INCLUDED" | "PAID";
export const INCLUSIONS: readonly Inclusion[] = ["INCLUDED", "PAID"];

/**
 * What a brand includes, per passenger per segment (lap infants get no baggage or meal). The money
 * of changes and cancellations is in the fare's rules; these say what a traveller compares.
 */
export interface FareInclusions {
  /** Checked baggage allowance, kilograms (0: none; extra baggage is sold as an ancillary). */
  readonly checkedBaggageKg: number;
  /** Cabin (hand) baggage allowance, kilograms. */
  readonly cabinBaggageKg: number;
  /** A meal: included, or sold as an ancillary. */
  readonly meal: Inclusion;
  /** A standard seat: included (free to choose), or paid at the seat map's price. */
  readonly seat: Inclusion;
  /** Changes before 72 hours to departure: free (INCLUDED) or for the fare rules' fee (PAID). */
  readonly change: Inclusion;
  /** Whether a voluntary cancellation refunds the base fare less the penalty (fare rules). */
  readonly refundable: boolean;
}

/** A fare's brand and what it includes (offers share one frozen object per brand and carrier model). */
export interface FareBrand {
  readonly code: FareBrandCode;
  readonly inclusions: FareInclusions;
}

/** One priced itinerary as the airline sells it, before B2B pricing. Amounts: paise, all pax. */
export interface ProviderOffer {
  /** Stable key of this itinerary and fare at this provider: the same query gives the same key. */
  readonly key: string;
  readonly provider: string;
  /** Validating (marketing) carrier of the offer. */
  readonly airline: string;
  readonly segments: readonly ProviderSegment[];
  readonly baseFare: number;
  readonly taxes: number;
  readonly currency: string;
  readonly refundable: boolean;
  readonly fareRules: FareRules;
  /** The fare family sold, with its inclusions. */
  readonly brand: FareBrand;
  /** The terms a reservation of this fare would be held on now; absent when the airline does not hold it. */
  readonly hold?: HoldTerms;
}

/**
 * A reservation held without ticketing (hold now, ticket later): the airline keeps the seats until
 * `ticketTimeLimit` and sells them at the held fare until `priceGuaranteedUntil`, then at its fare
 * of the moment. Instants: RFC 3339, UTC.
 */
export interface HoldTerms {
  readonly ticketTimeLimit: string;
  readonly priceGuaranteedUntil: string;
}

/** The fare a held reservation would be ticketed at now (all passengers, paise). */
export interface HoldPrice {
  readonly baseFare: number;
  readonly taxes: number;
  readonly currency: string;
}

/** Orders ticketing of a held reservation at the fare the caller accepts. */
export interface HoldTicketing {
  /** The held reservation's client reference. */
  readonly clientReference: string;
  /** The fare the caller pays: must be the airline's fare now (priceHold), else PROVIDER_PRICE_CHANGED. */
  readonly baseFare: number;
  readonly taxes: number;
}

export interface ProviderCallOptions {
  readonly signal?: AbortSignal;
}

/** What the fare service asks before locking a price: the offer by its key, for these passengers. */
export interface LivePriceQuery {
  /** `ProviderOffer.key` from a search. */
  readonly key: string;
  readonly pax: PassengerCounts;
}

export type SeatPosition = "WINDOW" | "MIDDLE" | "AISLE";

/** One seat of a flight's cabin as the airline sells it. */
export interface ProviderSeat {
  /** Row number plus letter, e.g. 12C. */
  readonly seat: string;
  readonly available: boolean;
  /** Price of the seat for one passenger, paise; 0 for a free seat. */
  readonly pricePaise: number;
  readonly position: SeatPosition;
  /** Emergency exit row: children and adults travelling with an infant may not sit here. */
  readonly exitRow: boolean;
  readonly extraLegroom: boolean;
}

export interface ProviderSeatRow {
  readonly row: number;
  readonly seats: readonly ProviderSeat[];
}

/** The seat map of one flight (segment) of an offer, in the offer's cabin only. */
export interface ProviderSegmentSeatMap {
  /** Index of the segment in `ProviderOffer.segments`. */
  readonly segmentIndex: number;
  readonly carrier: string;
  readonly flightNo: string;
  readonly origin: string;
  readonly dest: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  readonly departureDate: string;
  readonly aircraft: string;
  readonly cabin: Cabin;
  readonly rows: readonly ProviderSeatRow[];
}

export interface ProviderSeatMap {
  readonly provider: string;
  readonly currency: string;
  readonly segments: readonly ProviderSegmentSeatMap[];
}

export type AncillaryKind = "BAGGAGE" | "MEAL";
export const ANCILLARY_KINDS: readonly AncillaryKind[] = ["BAGGAGE", "MEAL"];

/** An extra the airline sells per passenger per segment (TBO's SSR, TripJack's ssrInfo). */
export interface ProviderAncillaryOption {
  readonly kind: AncillaryKind;
  /** The airline's code, unique within a segment: XBAG10, VGML. */
  readonly code: string;
  readonly description: string;
  /** Extra checked baggage, kilograms (BAGGAGE only; 0 for meals). */
  readonly weightKg: number;
  /** Price of one, per passenger, paise (0 when the fare's brand includes it). */
  readonly pricePaise: number;
  /** How many one passenger may buy on one segment. */
  readonly maxQuantity: number;
  /** Whether lap infants may have it (the sandbox sells them none). */
  readonly forInfants: boolean;
}

export interface ProviderSegmentAncillaries {
  /** Index of the segment in `ProviderOffer.segments`. */
  readonly segmentIndex: number;
  readonly options: readonly ProviderAncillaryOption[];
}

/** The extras of an offer, per segment; each option is sold per passenger. */
export interface ProviderAncillaries {
  readonly provider: string;
  readonly currency: string;
  readonly segments: readonly ProviderSegmentAncillaries[];
}

/** Extras bought with a reservation: `quantity` of option `code` for one passenger on one segment. */
export interface ReservationExtra {
  readonly paxId: string;
  readonly segmentIndex: number;
  readonly code: string;
  readonly quantity: number;
  /** On a reservation's extras added after booking: the addition that added it (its addReference). */
  readonly addReference?: string;
  /** On a reservation's extras added after booking: the EMD the airline issued for it (13 digits). */
  readonly emdNumber?: string;
}

export interface ReservationPassenger {
  /** ADT1, CHD1, INF1 (the seat map's pax ids). */
  readonly paxId: string;
  readonly type: "ADT" | "CHD" | "INF";
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: string;
  /** YYYY-MM-DD. */
  readonly dob: string;
  readonly nationality: string;
}

export interface ReservationRequest {
  /** Ours (the booking id): a retry with the same reference returns the same reservation. */
  readonly clientReference: string;
  /** `ProviderOffer.key` of the locked fare. */
  readonly key: string;
  readonly passengers: readonly ReservationPassenger[];
  readonly seats: readonly { readonly paxId: string; readonly segmentIndex: number; readonly seat: string }[];
  readonly contact: { readonly email: string; readonly phone: string };
  /** Baggage and meals to sell with it (each a code of the offer's ancillaries); absent: none. */
  readonly extras?: readonly ReservationExtra[];
  /**
   * Hold without ticketing until ticketHold (the fare must offer `hold`; else PROVIDER_REJECTED
   * HOLD_NOT_ALLOWED). Absent or false: ticketed shortly after, as always.
   */
  readonly hold?: boolean;
}

export interface ReservationChange {
  /** The reservation's own reference (the booking id). */
  readonly clientReference: string;
  /** Ours, unique per change (e.g. the reschedule quote id). */
  readonly changeReference: string;
  /** `ProviderOffer.key` of the new fare. */
  readonly key: string;
  readonly seats: ReservationRequest["seats"];
  /** Baggage and meals held on the new itinerary (its segment indexes), replacing all held before; absent: none. */
  readonly extras?: readonly ReservationExtra[] | undefined;
}

/** Baggage and meals added to a reservation after it was made (after ticketing, as EMDs). */
export interface ExtrasAddition {
  /** The reservation's own reference (the booking id). */
  readonly clientReference: string;
  /** Ours, unique per addition: a retry answers the reservation as it stands, the extras added once. */
  readonly addReference: string;
  readonly extras: readonly ReservationExtra[];
}

export type ReservationStatus = "HELD" | "TICKETED" | "TICKETING_FAILED" | "CANCELLED";

/** One passenger on one segment: what a ticket covers, and what a partial cancellation takes away. */
export interface Coupon {
  readonly paxId: string;
  /** 0-based in the reservation's segments, outbound then return. */
  readonly segmentIndex: number;
}

/** Cancels some passengers on some segments of a reservation (a partial cancellation). */
export interface CouponCancellation {
  /** The reservation's own reference (the booking id). */
  readonly clientReference: string;
  /** Ours, unique per cancellation: a retry answers the reservation as cancelled, whatever else it says. */
  readonly cancelReference: string;
  readonly coupons: readonly Coupon[];
}

/** Where the airline's refund of a cancellation stands. */
export type AirlineRefundStatus = "PROCESSING" | "REFUNDED" | "REJECTED";

export interface AirlineRefundRequest {
  readonly clientReference: string;
  /** Ours, unique per refund: asking again answers where that refund stands now. */
  readonly refundReference: string;
  /** What is claimed back, paise. */
  readonly amountPaise: number;
}

export interface AirlineRefund {
  readonly refundReference: string;
  readonly status: AirlineRefundStatus;
  /** The airline's reason, when it rejected the refund. */
  readonly reason?: string;
}

export interface TicketRecord {
  readonly paxId: string;
  readonly segmentIndex: number;
  /** 13 digits: the carrier's 3-digit accounting code and a 10-digit serial. */
  readonly ticketNumber: string;
}

/** A reservation at the airline. Ticketing happens after it is made, asynchronously. */
export interface ProviderReservation {
  readonly clientReference: string;
  /** Six characters, letters and digits. */
  readonly pnr: string;
  readonly status: ReservationStatus;
  /** One per passenger (infants included) per segment, once TICKETED; empty before. */
  readonly tickets: readonly TicketRecord[];
  /** Why ticketing failed, when it did. */
  readonly failureReason?: string;
  /**
   * The change references of the changes applied to it, oldest first: how a caller interrupted
   * after asking for a change learns whether the airline made it.
   */
  readonly changeReferences?: readonly string[];
  /** While the reservation is held awaiting its ticketing order: the terms it is held on. */
  readonly hold?: HoldTerms;
  /** Coupons cancelled by cancelCoupons (their seats released, their tickets gone); absent when none. */
  readonly cancelledCoupons?: readonly Coupon[];
  /** The baggage and meals it holds; absent or empty: none. */
  readonly extras?: readonly ReservationExtra[];
}

/**
 * What an airline changed on a reservation of its own accord, not at the caller's request: a
 * schedule change (times, flight number, routing), a cancelled flight, or the reservation or its
 * hold dropped. A caller's own cancel or change is never one: it knows already.
 */
export type AirlineChangeKind =
  "TIME_CHANGE" | "FLIGHT_NUMBER_CHANGE" | "ROUTING_CHANGE" | "FLIGHT_CANCELLED" | "RESERVATION_DROPPED" | "HOLD_DROPPED";

interface AirlineChangeBase {
  /**
   * The airline's id of this change, ordered within one run of the airline: watching again
   * `after` it resumes with the changes that followed. A watcher must still treat a change as
   * possibly seen (delivery is at least once): act on what it says, not on its id alone.
   */
  readonly id: string;
  /** The reservation's own reference (the booking id). */
  readonly clientReference: string;
  readonly pnr: string;
  /** When the airline made the change, RFC 3339 UTC. */
  readonly occurredAt: string;
  /** The airline's words, for people. */
  readonly reason: string;
}

/** A flight of the reservation now leaves at another time. */
export interface TimeChange extends AirlineChangeBase {
  readonly kind: "TIME_CHANGE";
  /** 0-based in the reservation's segments. */
  readonly segmentIndex: number;
  /** How far the departure moved, minutes: positive later, negative earlier. */
  readonly minutes: number;
  /** The new schedule, RFC 3339 with the airports' local offsets. */
  readonly depTime: string;
  readonly arrTime: string;
}

/** A flight of the reservation now flies under another number (same times and route). */
export interface FlightNumberChange extends AirlineChangeBase {
  readonly kind: "FLIGHT_NUMBER_CHANGE";
  readonly segmentIndex: number;
  readonly carrier: string;
  readonly flightNo: string;
}

/** The reservation now flies another way (other flights or connection); its whole itinerary as it stands. */
export interface RoutingChange extends AirlineChangeBase {
  readonly kind: "ROUTING_CHANGE";
  readonly segments: readonly ProviderSegment[];
}

/** A flight of the reservation no longer operates; the reservation stands until someone acts. */
export interface FlightCancelled extends AirlineChangeBase {
  readonly kind: "FLIGHT_CANCELLED";
  readonly segmentIndex: number;
}

/** The airline dropped the whole reservation (it is CANCELLED or TICKETING_FAILED now; `reason` says why). */
export interface ReservationDropped extends AirlineChangeBase {
  readonly kind: "RESERVATION_DROPPED";
}

/** The airline released a held reservation before its ticketing order (it is CANCELLED now). */
export interface HoldDropped extends AirlineChangeBase {
  readonly kind: "HOLD_DROPPED";
}

export type AirlineChange = TimeChange | FlightNumberChange | RoutingChange | FlightCancelled | ReservationDropped | HoldDropped;

export interface WatchOptions {
  /** Ends the watch: the iteration returns. */
  readonly signal?: AbortSignal;
  /** The id of the last change the watcher handled: only the changes after it. Absent: every change the airline still keeps. */
  readonly after?: string;
}

export interface AirlineProvider {
  readonly name: string;
  searchFlights(query: FlightQuery, options?: ProviderCallOptions): Promise<ProviderOffer[]>;
  /**
   * The offer's live fare now (amounts may differ from the search's). Refusals are DomainErrors
   * carrying a `provider` block: PROVIDER_SOLD_OUT (the fare, flight or seats are gone),
   * PROVIDER_REJECTED (a malformed key or passenger mix), PROVIDER_UNAVAILABLE (the provider failed). A provider that
   * does not answer keeps waiting until `options.signal` aborts: the caller owns the deadline.
   */
  livePrice(query: LivePriceQuery, options?: ProviderCallOptions): Promise<ProviderOffer>;
  /** Seat maps of every segment of the offer with this key, in the offer's cabin. Same refusals. */
  seatMap(key: string, options?: ProviderCallOptions): Promise<ProviderSeatMap>;
  /** Baggage and meals sold with the offer with this key, per segment. Same refusals as seatMap. */
  ancillaries(key: string, options?: ProviderCallOptions): Promise<ProviderAncillaries>;
  /**
   * Reserves the fare for these passengers and seats and returns the PNR; idempotent by
   * `clientReference` (the same reference returns the reservation already made, whatever else the
   * retry says). Refusals as livePrice, plus BOOKING_SEAT_UNAVAILABLE (a chosen seat is taken).
   */
  reserve(request: ReservationRequest, options?: ProviderCallOptions): Promise<ProviderReservation>;
  /** The reservation made with this client reference, with its ticketing progress; undefined if none. */
  findReservation(clientReference: string, options?: ProviderCallOptions): Promise<ProviderReservation | undefined>;
  /** Cancels the reservation (releasing its seats); idempotent; unknown references are a no-op. */
  cancelReservation(clientReference: string, options?: ProviderCallOptions): Promise<void>;
  /**
   * Moves the reservation made under `clientReference` to another fare (a reschedule): same PNR,
   * the old itinerary's seats released and the new `seats` taken. A TICKETED reservation is
   * reissued at once with new ticket numbers; a HELD one is ticketed later as usual. Idempotent by
   * `changeReference` (a retry returns the reservation as changed). Refusals as reserve.
   */
  changeReservation(request: ReservationChange, options?: ProviderCallOptions): Promise<ProviderReservation>;
  /**
   * Cancels some passengers on some segments (their seats released, their tickets withdrawn); the
   * rest stays booked. Cancelling every coupon cancels the reservation. Idempotent by
   * `cancelReference`. Refusals: PROVIDER_REJECTED (RESERVATION_NOT_FOUND, RESERVATION_NOT_CHANGEABLE,
   * INVALID_COUPON: a passenger or segment it does not have).
   */
  cancelCoupons(request: CouponCancellation, options?: ProviderCallOptions): Promise<ProviderReservation>;
  /**
   * Asks for (or, asked again with the same `refundReference`, looks up) the refund of a
   * cancellation: airlines answer at once, process it for a while, or reject it. Refusals:
   * PROVIDER_REJECTED (RESERVATION_NOT_FOUND).
   */
  requestRefund(request: AirlineRefundRequest, options?: ProviderCallOptions): Promise<AirlineRefund>;
  /**
   * The fare a held reservation would be ticketed at now: the held fare until its price guarantee
   * ends, then the airline's fare of the moment. PROVIDER_REJECTED: RESERVATION_NOT_FOUND, or
   * HOLD_NOT_ACTIVE (not held, released, or dropped by the airline).
   */
  priceHold(clientReference: string, options?: ProviderCallOptions): Promise<HoldPrice>;
  /**
   * Orders ticketing of a held reservation at the fare given; it then tickets like any reservation
   * (asynchronously). Idempotent: a reservation already ordered answers as it stands. Refusals:
   * PROVIDER_PRICE_CHANGED (the fare is not the airline's fare now), and as priceHold.
   */
  ticketHold(request: HoldTicketing, options?: ProviderCallOptions): Promise<ProviderReservation>;
  /**
   * Baggage and meals the airline still sells on the reservation made under `clientReference`, per
   * segment of its itinerary now: a segment that has departed or closed for sale has no options.
   * Refusals: PROVIDER_REJECTED (RESERVATION_NOT_FOUND, RESERVATION_NOT_CHANGEABLE).
   */
  reservationAncillaries(clientReference: string, options?: ProviderCallOptions): Promise<ProviderAncillaries>;
  /**
   * Adds baggage and meals to a reservation (SSRs; an EMD each once ticketed). Idempotent by
   * `addReference`: the reference is kept with the change references, so a caller interrupted
   * after asking learns whether the airline added them. Checked like reserve's extras, counting
   * what each passenger holds already; the first failure adds nothing. Refusals: PROVIDER_REJECTED
   * (RESERVATION_NOT_FOUND, RESERVATION_NOT_CHANGEABLE, INVALID_SSR_REQUEST).
   */
  addExtras(addition: ExtrasAddition, options?: ProviderCallOptions): Promise<ProviderReservation>;
  /**
   * The changes the airline makes to reservations of its own accord (schedule changes, cancelled
   * flights, dropped reservations and holds), in the order the airline tells them (each says when
   * it happened), as they come, until `options.signal` aborts. It never ends by itself; an airline that fails ends it with PROVIDER_UNAVAILABLE and
   * the watcher watches again `after` the last change it handled.
   */
  watchReservationChanges(options?: WatchOptions): AsyncIterable<AirlineChange>;
}

export interface Airport {
  readonly code: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA time zone, e.g. Asia/Kolkata. */
  readonly timeZone: string;
}

/** Airports the platform knows (search validation answers UNKNOWN_AIRPORT for others). */
export interface AirportDirectory {
  find(code: string): Airport | undefined;
}
