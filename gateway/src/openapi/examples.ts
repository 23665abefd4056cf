/**
 * Request and response examples of the OpenAPI document. Each one is validated against its
 * route's schema by openapi.test.ts, so they stay true. Amounts satisfy the pricing identities of
 * API guide, Money and pricing (net = base + taxes + ota markup - commission; final = base + taxes + ota markup +
 * agent markup).
 */

const SEARCH_ID = "srch_01JD4Q8W2M5N7P9R1T3V5X7Z9B";
const SIGNATURE = "c2lnLm9mZl8wMUpENFE4VzJNLjE3MzI0MjY0MDA";
const FARE_TOKEN = "ZnQuYWdlbnRfMDAxLm9mZl8wMUpENFE4VzJNLjYyMjM0NQ.Lk9yX3c";

const pricing = {
  base_fare: 500_000,
  taxes: 90_000,
  commission: 10_000,
  ota_markup: 20_000,
  agent_markup: 12_345,
  net_fare: 600_000,
  final_price: 622_345,
};

const segment = {
  carrier: "AI",
  flight_no: "AI 865",
  origin: "DEL",
  dest: "BOM",
  dep_time: "2026-12-01T06:15:00+05:30",
  arr_time: "2026-12-01T08:25:00+05:30",
  cabin: "ECONOMY",
  booking_class: "Y",
  seats_available: 9,
  direction: "OUTBOUND",
  duration_minutes: 130,
  aircraft: "320",
};

const offer = {
  offer_id: "off_01JD4Q8W2Mc3a91f0e5b7d24e8a6f1",
  search_id: SEARCH_ID,
  signature: SIGNATURE,
  airline: "AI",
  provider: "SANDBOX",
  refundable: true,
  segments: [segment],
  best_price_paise: 622_345,
  currency: "INR",
  pricing_breakdown: pricing,
  expires_at: "2026-11-22T06:30:00.000Z",
  hold_allowed: true,
  hold_ticket_time_limit: "2026-11-25T06:00:00.000Z",
};

export const searchExamples = {
  request: [
    { origin: "DEL", dest: "BOM", dod: "20261201", pax_adult: 1, cabin: "ECONOMY", limit: 50, mode: "b2b" },
    { cursor: "eyJzIjoic3JjaF8wMUpENFE4VzJNIiwibyI6NTB9.cV9yLXNpZw", limit: 50 },
  ],
  response: [
    {
      search_id: SEARCH_ID,
      results: [offer],
      cursor: "eyJzIjoic3JjaF8wMUpENFE4VzJNIiwibyI6NTB9.cV9yLXNpZw",
      count: 1,
      total_results: 212,
    },
  ],
};

const { cabin: _cabin, ...validatedSegment } = segment;

export const validateExamples = {
  request: [{ search_id: SEARCH_ID, signature: SIGNATURE, pax: { adult: 1, child: 0, infant: 0 } }],
  response: [
    {
      fare_token: FARE_TOKEN,
      offer: { ...offer, segments: [validatedSegment] },
      price_changed: false,
      locked_until: "2026-11-22T06:15:00.000Z",
    },
  ],
};

export const createBookingExamples = {
  request: [
    {
      fare_token: FARE_TOKEN,
      agent_id: "agent_001",
      idempotency_key: "bk-2026-12-01-0001",
      passengers: [
        {
          id: "ADT1",
          type: "ADT",
          title: "MR",
          first_name: "Arjun",
          last_name: "Mehta",
          gender: "M",
          dob: "1988-04-12",
          nationality: "IN",
        },
      ],
      contact_info: { email: "bookings@example-travels.in", phone: "+919812345678" },
    },
  ],
  response: [
    {
      booking_id: "bkg_01JD4QB3C5E7G9J1K3M5N7Q9S1",
      pnr: "X7K2QP",
      total_price_paise: 622_345,
      currency: "INR",
      status: "BOOKED",
      ticket_time_limit: null,
      price_guaranteed_until: null,
    },
  ],
};

export const secondarySearchExamples = {
  request: [
    {
      origin: "DEL",
      destination: "BOM",
      departure_date: "2026-12-01",
      adults: 1,
      travel_class: "ECONOMY",
      display_currency: "USD",
    },
  ],
  response: [
    {
      success: true,
      data: {
        search_id: SEARCH_ID,
        flights: [
          {
            id: offer.offer_id,
            total_price: 74.62,
            currency: "USD",
            outbound: {
              segments: [
                {
                  carrier_name: "Air India",
                  flight_number: "AI 865",
                  origin: "DEL",
                  destination: "BOM",
                  departure_at: "2026-12-01T06:15:00+05:30",
                },
              ],
            },
          },
        ],
      },
    },
  ],
};

export const secondaryBookingExamples = {
  request: [
    {
      flight_id: offer.offer_id,
      total_price: 74.62,
      currency: "USD",
      passengers: [{ title: "MR", first_name: "Arjun", last_name: "Mehta", pax_type: "adult", gender: "M", born_on: "1988-04-12" }],
      contact: { email: "bookings@example-travels.in", phone: "+919812345678" },
    },
  ],
  response: [
    {
      success: true,
      data: { booking_id: "bkg_01JD4QB3C5E7G9J1K3M5N7Q9S1", pnr: "X7K2QP", status: "BOOKED", total_price: 74.62, currency: "USD" },
    },
  ],
};

export const otpExamples = {
  sendRequest: [{ identifier: "agent@example-travels.in", type: "EMAIL" }],
  sendResponse: [{ success: true, data: { expires_in: 300, resend_after: 30 } }],
  verifyRequest: [{ identifier: "agent@example-travels.in", code: "493817" }],
  verifyResponse: [
    {
      success: true,
      data: {
        verification_token: "tk_sess_Q2xhc3NpY1Rva2VuRXhhbXBsZV9fX19fX19fX19fX1A",
        token_type: "Bearer",
        expires_in: 3600,
        agent_id: "agent_001",
      },
    },
  ],
};
