/**
 * Request and response examples of POST /flight/booking/list, validated against the route's
 * schemas by openapi.test.ts like those of examples.ts. One TICKETED booking, one adult, seat 12C.
 */

const booking = {
  booking_id: "bkg_01JD4QB3C5E7G9J1K3M5N7Q9S1",
  pnr: "X7K2QP",
  status: "TICKETED",
  agent_id: "agent_001",
  created_at: "2026-11-22T06:05:00.000Z",
  updated_at: "2026-11-22T06:05:04.000Z",
  currency: "INR",
  total_price_paise: 667_345,
  net_fare_paise: 600_000,
  seats_paise: 45_000,
  pricing_breakdown: {
    base_fare: 500_000,
    taxes: 90_000,
    commission: 10_000,
    ota_markup: 20_000,
    agent_markup: 12_345,
    net_fare: 600_000,
    final_price: 622_345,
  },
  segments: [
    {
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
    },
  ],
  passengers: [
    { id: "ADT1", type: "ADT", title: "MR", first_name: "Arjun", last_name: "Mehta", gender: "M", dob: "1988-04-12", nationality: "IN" },
  ],
  contact_info: { email: "bookings@example-travels.in", phone: "+919812345678" },
  seats: [{ pax_id: "ADT1", segment_index: 0, seat: "12C", price_paise: 45_000, ancillary_id: "SEAT-0-12C" }],
  ticket_numbers: [{ pax_id: "ADT1", segment_index: 0, ticket_number: "0981234567890" }],
  status_history: [
    { status: "PENDING", at: "2026-11-22T06:05:00.000Z", reason: "booking requested" },
    { status: "BOOKED", at: "2026-11-22T06:05:01.000Z", reason: "reserved with the airline and paid from the wallet" },
    { status: "TICKETED", at: "2026-11-22T06:05:04.000Z", reason: "tickets issued" },
  ],
  last_arrival_at: "2026-12-01T02:55:00.000Z",
  debited_paise: 645_000,
  payment: "WALLET",
  hold: null,
  fare_rules: {
    refundable: true,
    cancellation_penalties: [{ min_hours_before_departure: 0, per_passenger_paise: 150_000 }],
    change_fees: [{ min_hours_before_departure: 0, per_passenger_paise: 100_000 }],
    taxes_refundable: true,
  },
  cancellation: null,
  reschedule: null,
};

const CURSOR = "Q2xfYm9va2luZy1saXN0LWN1cnNvci1leGFtcGxlLXNpZ25lZC1ieS1ib29raW5n";

export const bookingListExamples = {
  request: [
    { status: "TICKETED", created_from: "2026-11-01T00:00:00Z", created_to: "2026-12-01T00:00:00Z", page_size: 20 },
    { cursor: CURSOR, page_size: 20 },
  ],
  response: [{ bookings: [booking], count: 1, cursor: CURSOR }],
};
