import type { ManualClock } from "@tarmac/kernel/testing";
import type { Stack } from "../../stack.js";
import type { ExampleRecorder } from "./example-recorder.js";

const HOUR = 3_600_000;
const passenger = {
  id: "ADT1",
  type: "ADT",
  title: "MR",
  first_name: "Rohan",
  last_name: "Iyer",
  gender: "M",
  dob: "1988-02-11",
  nationality: "IN",
};
const contact = { email: "bookings@agency.example", phone: "+919812345678" };

interface Offer {
  search_id: string;
  signature: string;
  airline: string;
  segments: { flight_no: string }[];
}

/**
 * Hold now, ticket later (API guide, Holds) on the sandbox's scenario route BLR-HYD: a hold of
 * AI 9601 (its price changes once the guarantee passed), read while HELD, ticketed after a 409
 * BOOKING_PRICE_CHANGED and a stale amount refused; a second hold released (within the search's
 * 30 minutes); a low-cost fare refused. The search and fare validation on the way are not recorded (the primary journey has
 * theirs). Last in the recording: it moves the clock past the price guarantee.
 */
export async function holdsJourney(api: ExampleRecorder, stack: Stack, clock: ManualClock): Promise<void> {
  const setup = unrecorded(stack);
  const search = await setup("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: "20261215", pax_adult: 1, limit: 200 });
  const offers = (search.results as Offer[]).filter((o) => o.segments.length === 1);
  const pick = (what: string, test: (o: Offer, flightNo: string) => boolean) => {
    const offer = offers.find((o) => test(o, o.segments[0]!.flight_no));
    if (!offer) throw new Error(`no ${what} offer BLR-HYD`);
    return offer;
  };
  const fareToken = async (offer: Offer) =>
    (await setup("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature })).fare_token as string;
  const order = async (offer: Offer) => ({
    fare_token: await fareToken(offer),
    passengers: [passenger],
    contact_info: contact,
    payment: "HOLD",
  });

  await api.post({
    name: "holdNotAllowed",
    summary: "payment HOLD on a low-cost fare (hold_allowed false): nothing is reserved",
    path: "/api/v1/flight/booking/create",
    body: await order(pick("low-cost", (o, no) => o.airline === "6E" && !no.startsWith("9"))),
    headers: { "idempotency-key": "hold-1000" },
    expect: 422,
  });
  const held = await api.post({
    name: "held",
    summary: "payment HOLD: the airline holds the PNR until its ticket time limit, nothing is debited",
    path: "/api/v1/flight/booking/create",
    body: await order(pick("AI 9601", (_o, no) => no.endsWith("9601"))),
    headers: { "idempotency-key": "hold-1001" },
    expect: 200,
  });
  const bookingId = held.json.booking_id as string;
  await api.post({
    name: "held",
    summary: "A HELD booking with its ticket time limit and price guarantee",
    path: "/api/v1/flight/booking/status",
    body: { booking_id: bookingId },
    expect: 200,
  });

  const second = await api.post({
    name: "heldToRelease",
    summary: "Another hold, on an ordinary Air India fare",
    path: "/api/v1/flight/booking/create",
    body: await order(pick("ordinary AI", (o, no) => o.airline === "AI" && !no.startsWith("9"))),
    headers: { "idempotency-key": "hold-1002" },
    expect: 200,
  });
  await api.post({
    name: "released",
    summary: "The hold let go: the airline cancels the PNR, RELEASED, nothing charged",
    path: "/api/v1/flight/booking/release",
    body: { booking_id: second.json.booking_id },
    expect: 200,
  });
  await api.post({
    name: "notHeld",
    summary: "Ticketing a booking that is no longer HELD",
    path: "/api/v1/flight/booking/ticket",
    body: { booking_id: second.json.booking_id },
    headers: { "idempotency-key": "ticket-1004" },
    expect: 409,
  });

  clock.advance(2 * HOUR);
  const changed = await api.post({
    name: "priceChanged",
    summary: "Ticketing after the price guarantee: the airline's fare changed; the new price in error.details, nothing done",
    path: "/api/v1/flight/booking/ticket",
    body: { booking_id: bookingId },
    headers: { "idempotency-key": "ticket-1001" },
    expect: 409,
  });
  const newTotal = changed.json.error.details.new_total_price_paise as number;
  await api.post({
    name: "staleAmount",
    summary: "Accepting an amount that is not the price now: refused with the price now",
    path: "/api/v1/flight/booking/ticket",
    body: { booking_id: bookingId, accept_price_change: true, accepted_total_price_paise: held.json.total_price_paise },
    headers: { "idempotency-key": "ticket-1002" },
    expect: 409,
  });
  await api.post({
    name: "priceAccepted",
    summary: "The new price accepted: the wallet is debited once, the booking BOOKED (TICKETED follows)",
    path: "/api/v1/flight/booking/ticket",
    body: { booking_id: bookingId, accept_price_change: true, accepted_total_price_paise: newTotal },
    headers: { "idempotency-key": "ticket-1003" },
    expect: 200,
  });
}

/** A call the journey needs but does not record. */
function unrecorded(stack: Stack) {
  return async (path: string, body: unknown): Promise<Record<string, any>> => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": stack.apiKey },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, any>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
