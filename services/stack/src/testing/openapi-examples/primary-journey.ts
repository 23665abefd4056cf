import type { ManualClock } from "@tarmac/kernel/testing";
import type { Stack } from "../../stack.js";
import type { ExampleRecorder } from "./example-recorder.js";

const MINUTE = 60_000;
const PAX = { adult: 1, child: 0, infant: 0 };
const passenger = {
  id: "ADT1",
  type: "ADT",
  title: "MS",
  first_name: "Priya",
  last_name: "Sharma",
  gender: "F",
  dob: "1990-07-21",
  nationality: "IN",
};
const contact = { email: "bookings@agency.example", phone: "+919812345678" };
const cancelTerms = (bookingId: string) => ({ booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" });

interface Offer {
  offer_id: string;
  search_id: string;
  signature: string;
  provider: string;
  segments: { flight_no: string }[];
}
/** Flights 9xxx are the sandbox's scenarios (price change, sold out, ...): an ordinary offer is any other. */
const ordinary = (offers: Offer[]) => {
  const offer = offers.find((o) => o.segments.every((s) => !s.flight_no.startsWith("9")));
  if (!offer) throw new Error("no ordinary offer");
  return offer;
};

export interface Waits {
  /** Until the webhooks service has sent every delivery the events so far made. */
  settleWebhooks(): Promise<void>;
}

/**
 * The primary surface's journey of README and API guide: search and its next page, fare
 * validation, seat map, booking with a seat, ticketing, status, list, reschedule, baggage and a meal
 * added after ticketing, cancellation,
 * the wallet, and the errors an agency meets on the way. Returns the first search's cursor (closingJourney).
 */
export async function primaryJourney(
  api: ExampleRecorder,
  stack: Stack,
  clock: ManualClock,
  waits: Waits,
): Promise<{ searchCursor: string }> {
  const search = { origin: "DEL", dest: "BOM", dod: "20261215", pax_adult: 1, cabin: "ECONOMY", limit: 2 };
  const first = await api.post({
    name: "newSearch",
    summary: "A one-way search for one adult, two offers a page",
    path: "/api/v1/flight/search",
    body: search,
    expect: 200,
  });
  await api.post({
    name: "nextPage",
    summary: "The next page: the cursor of the previous one",
    path: "/api/v1/flight/search",
    body: { cursor: first.json.cursor, limit: 2 },
    expect: 200,
  });
  await api.post({
    name: "roundTrip",
    summary: "A round trip through the alias path",
    path: "/api/v1/search",
    body: { origin: "BLR", dest: "CCU", dod: "20261215", doa: "20261218", pax_adult: 1, limit: 1 },
    expect: 200,
  });
  await api.post({
    name: "invalidFields",
    summary: "Fields that fail validation: every problem at once",
    path: "/api/v1/flight/search",
    body: { origin: "del", dest: "BOM", dod: "2026-12-15", pax_adult: 0 },
    expect: 400,
  });

  const offer = ordinary(first.json.results);
  const locked = await api.post({
    name: "locked",
    summary: "The price is locked for 15 minutes behind a fare token",
    path: "/api/v1/flight/fare/validate",
    body: { search_id: offer.search_id, signature: offer.signature, pax: PAX },
    expect: 200,
  });
  const fareToken = locked.json.fare_token as string;
  const seatMap = await api.post({
    name: "seatMap",
    summary: "The seat map of the locked fare, each seat with its price and token",
    path: "/api/v1/flight/fare/seatmap",
    body: { search_id: offer.search_id, signature: offer.signature, fare_token: fareToken, provider: offer.provider },
    expect: 200,
  });
  interface Seat {
    available: boolean;
    exit_row: boolean;
    price_paise: number;
    ancillary_token: string;
  }
  const seats = (seatMap.json.segments[0].seatmap as { seats: Seat[] }[]).flatMap((row) => row.seats);
  const seat = seats.find((s) => s.available && !s.exit_row && s.price_paise > 0);
  if (!seat) throw new Error("no paid seat free");

  const extras = await api.post({
    name: "ancillaries",
    summary: "Extra baggage and meals of the locked fare, per passenger and segment, each with its price and token",
    path: "/api/v1/flight/fare/ancillaries",
    body: { fare_token: fareToken },
    expect: 200,
  });
  const options = extras.json.passengers[0].segments[0].options as { code: string; ancillary_token: string }[];
  const bag = options.find((o) => o.code === "XBAG5");
  const meal = options.find((o) => o.code === "VGML");
  if (!bag || !meal) throw new Error("no baggage or meal on sale");

  const order = {
    fare_token: fareToken,
    passengers: [passenger],
    contact_info: contact,
    ancillaries: [
      { pax_id: "ADT1", ancillary_token: seat.ancillary_token },
      { pax_id: "ADT1", ancillary_token: bag.ancillary_token },
      { pax_id: "ADT1", ancillary_token: meal.ancillary_token, quantity: 1 },
    ],
  };
  const booked = await api.post({
    name: "withSeat",
    summary: "One adult with a paid seat, 5 kg extra baggage and a meal: one debit, the booking BOOKED",
    path: "/api/v1/flight/booking/create",
    body: order,
    headers: { "idempotency-key": "order-1001" },
    expect: 200,
  });
  await api.post({
    name: "keyReused",
    summary: "The same Idempotency-Key with another body",
    path: "/api/v1/flight/booking/create",
    body: { ...order, contact_info: { ...contact, phone: "+919800000000" } },
    headers: { "idempotency-key": "order-1001" },
    expect: 422,
  });
  const bookingId = booked.json.booking_id as string;
  await waits.settleWebhooks();

  // The sandbox tickets a few seconds after booking; booking's ticketing worker sees it on its next run.
  clock.advance(MINUTE);
  await stack.sweepBookings();
  await waits.settleWebhooks();
  await api.post({
    name: "byPnr",
    summary: "A ticketed booking, by PNR",
    path: "/api/v1/flight/booking/status",
    body: { pnr: booked.json.pnr },
    expect: 200,
  });
  await api.post({
    name: "unknownBooking",
    summary: "No booking of this agency has this id",
    path: "/api/v1/flight/booking/status",
    body: { booking_id: "bkg_01KBZZZZZZZZZZZZZZZZZZZZZZ" },
    expect: 404,
  });

  clock.advance(MINUTE);
  const later = await api.post({
    name: "forReschedule",
    summary: "A search on the same route, another day: the offers a booking can move to",
    path: "/api/v1/flight/search",
    body: { ...search, dod: "20261217", limit: 1 },
    expect: 200,
  });
  const newOffer = ordinary(later.json.results);
  await api.post({
    name: "toAnotherDay",
    summary: "Moving the booking to an offer two days later",
    path: "/api/v1/flight/booking/reschedule/quote",
    body: { booking_id: bookingId, new_offer_id: newOffer.offer_id, reason_code: "CUSTOMER_REQUEST" },
    expect: 200,
  });
  await api.post({
    name: "rescheduled",
    summary: "The quoted change, confirmed: the difference and fees debited, new tickets issued",
    path: "/api/v1/flight/booking/reschedule/confirm",
    body: { booking_id: bookingId },
    headers: { "idempotency-key": "change-1001" },
    expect: 200,
  });
  await waits.settleWebhooks();
  await addExtras(api, bookingId);
  await waits.settleWebhooks();

  clock.advance(MINUTE);
  await api.post({
    name: "voluntary",
    summary: "What cancelling now refunds",
    path: "/api/v1/flight/booking/cancel/quote",
    body: cancelTerms(bookingId),
    expect: 200,
  });
  await api.post({
    name: "cancelled",
    summary: "The quoted cancellation, confirmed: the refund is credited to the wallet",
    path: "/api/v1/flight/booking/cancel/confirm",
    body: cancelTerms(bookingId),
    headers: { "idempotency-key": "cancel-1001" },
    expect: 200,
  });
  await waits.settleWebhooks();
  await api.post({
    name: "alreadyCancelled",
    summary: "A booking that is already cancelled",
    path: "/api/v1/flight/booking/cancel/quote",
    body: cancelTerms(bookingId),
    expect: 409,
  });
  await api.post({
    name: "byId",
    summary: "The refunded booking with its history, reschedule and cancellation",
    path: "/api/v1/flight/booking/status",
    body: { booking_id: bookingId },
    expect: 200,
  });

  await api.post({
    name: "balance",
    summary: "The wallet after a booking, a change and a refund",
    path: "/api/v1/wallet/balance",
    body: {},
    expect: 200,
  });
  const statement = await api.post({
    name: "latest",
    summary: "The latest ledger lines, newest first",
    path: "/api/v1/wallet/statement",
    body: { limit: 3 },
    expect: 200,
  });
  await api.post({
    name: "nextPage",
    summary: "The next page of the statement",
    path: "/api/v1/wallet/statement",
    body: { cursor: statement.json.cursor, limit: 3 },
    expect: 200,
  });
  await api.post(
    {
      name: "missingKey",
      summary: "No X-API-Key header",
      path: "/api/v1/wallet/balance",
      body: {},
      expect: 401,
    },
    {},
  );
  return { searchCursor: first.json.cursor as string };
}

/** Baggage and a meal added to the ticketed booking (API guide, Baggage and meals after ticketing). */
async function addExtras(api: ExampleRecorder, bookingId: string): Promise<void> {
  const offered = await api.post({
    name: "afterTicketing",
    summary: "What the airline still sells on a ticketed booking, per passenger and segment, with what each passenger holds",
    path: "/api/v1/flight/booking/ancillaries/quote",
    body: { booking_id: bookingId },
    expect: 200,
  });
  const options = offered.json.passengers[0].segments[0].options as { code: string; ancillary_token: string }[];
  const bag = options.find((o) => o.code === "XBAG10");
  const meal = options.find((o) => o.code === "NVML");
  if (!bag || !meal) throw new Error("no baggage or meal on sale after ticketing");
  const selections = [
    { ancillary_token: bag.ancillary_token, quantity: 1 },
    { ancillary_token: meal.ancillary_token, quantity: 1 },
  ];
  await api.post({
    name: "priced",
    summary: "10 kg extra baggage and a meal, priced together",
    path: "/api/v1/flight/booking/ancillaries/quote",
    body: { booking_id: bookingId, selections },
    expect: 200,
  });
  await api.post({
    name: "overMaximum",
    summary: "More than the option's maximum per passenger and segment",
    path: "/api/v1/flight/booking/ancillaries/quote",
    body: { booking_id: bookingId, selections: [{ ancillary_token: bag.ancillary_token, quantity: 2 }] },
    expect: 400,
  });
  await api.post({
    name: "added",
    summary: "Bought: one wallet debit, an EMD number per item",
    path: "/api/v1/flight/booking/ancillaries/confirm",
    body: { booking_id: bookingId, selections },
    headers: { "idempotency-key": "extras-1001" },
    expect: 200,
  });
}

/** After both surfaces booked: the agency's bookings a page at a time, and a search cursor past its 30 minutes. */
export async function closingJourney(api: ExampleRecorder, clock: ManualClock, searchCursor: string): Promise<void> {
  const page = await api.post({
    name: "recent",
    summary: "The agency's bookings made this month, newest first, one a page",
    path: "/api/v1/flight/booking/list",
    body: { created_from: "2026-12-01T00:00:00Z", created_to: "2027-01-01T00:00:00Z", page_size: 1 },
    expect: 200,
  });
  await api.post({
    name: "nextPage",
    summary: "The next page: the cursor keeps the first page's filters",
    path: "/api/v1/flight/booking/list",
    body: { cursor: page.json.cursor, page_size: 1 },
    expect: 200,
  });
  await api.post({
    name: "ticketed",
    summary: "Only TICKETED bookings",
    path: "/api/v1/flight/booking/list",
    body: { status: "TICKETED", page_size: 20 },
    expect: 200,
  });
  const invoices = await api.post({
    name: "recent",
    summary: "The agency's GST documents, newest first: credit notes, debit notes and tax invoices",
    path: "/api/v1/invoices/list",
    body: { financial_year: "2026-27", page_size: 3 },
    expect: 200,
  });
  const [latest] = invoices.json.invoices as { invoice_number: string }[];
  if (latest) {
    await api.post({
      name: "byNumber",
      summary: "One document by its number",
      path: "/api/v1/invoices/get",
      body: { invoice_number: latest.invoice_number },
      expect: 200,
    });
  }
  clock.advance(31 * MINUTE);
  await api.post({
    name: "expiredCursor",
    summary: "A page asked for more than 30 minutes after its search",
    path: "/api/v1/flight/search",
    body: { cursor: searchCursor, limit: 2 },
    expect: 410,
  });
}
