import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { signedAs } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { Stack } from "../../stack.js";
import type { ExampleRecorder } from "./example-recorder.js";

/** The auth service's seeded demo user (TARMAC_ENV test or development). */
const DEMO_EMAIL = "demo@tarmac.test";

/** The secondary surface: OTP login, search in US dollars, booking, a price change, logout. */
export async function secondaryJourney(api: ExampleRecorder, stack: Stack): Promise<void> {
  const none = {};
  await api.post(
    {
      name: "byEmail",
      summary: "A one-time code by email",
      path: "/api/auth/send-otp",
      body: { identifier: DEMO_EMAIL, type: "EMAIL" },
      expect: 202,
    },
    none,
  );
  // The code an email would carry, from the development outbox (OTP_EMAIL_DELIVERY=development).
  const auth = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("gateway")] }));
  const [message] = (await auth.listDevOutbox({ identifier: DEMO_EMAIL, limit: 1 })).messages;
  const verified = await api.post(
    {
      name: "emailCode",
      summary: "The code from the email: a token and the session cookie",
      path: "/api/auth/verify-otp",
      body: { identifier: DEMO_EMAIL, code: message!.code },
      expect: 200,
    },
    none,
  );
  const session = { authorization: `Bearer ${verified.json.data.verification_token as string}` };

  const found = await api.post(
    {
      name: "inDollars",
      summary: "One adult, prices in US dollars",
      path: "/api/flights/search",
      body: {
        origin: "GOI",
        destination: "PNQ",
        departure_date: "2026-12-16",
        adults: 1,
        travel_class: "ECONOMY",
        display_currency: "USD",
      },
      expect: 200,
    },
    session,
  );
  await api.post(
    {
      name: "noAdult",
      summary: "A search without an adult",
      path: "/api/flights/search",
      body: { origin: "GOI", destination: "PNQ", departure_date: "2026-12-16", adults: 0, travel_class: "ECONOMY" },
      expect: 400,
    },
    session,
  );
  interface Flight {
    id: string;
    total_price: number;
    currency: string;
    outbound: { segments: { flight_number: string }[] };
  }
  const flight = (found.json.data.flights as Flight[]).find((f) => f.outbound.segments.every((s) => !/ 9\d{3}$/.test(s.flight_number)))!;
  const order = {
    flight_id: flight.id,
    total_price: flight.total_price,
    currency: flight.currency,
    passengers: [{ title: "MR", first_name: "Rohan", last_name: "Verma", pax_type: "adult", gender: "M", born_on: "1987-02-03" }],
    contact: { email: "bookings@agency.example", phone: "+919812345678" },
  };
  await api.post(
    {
      name: "priceChanged",
      summary: "A total that is no longer the price: the new one in details",
      path: "/api/flights/booking/create",
      body: { ...order, total_price: flight.total_price - 1 },
      expect: 409,
    },
    session,
  );
  await api.post(
    {
      name: "booked",
      summary: "The flight at the price the search showed",
      path: "/api/flights/booking/create",
      body: order,
      headers: { "idempotency-key": "web-2001" },
      expect: 200,
    },
    session,
  );
  await api.post({ name: "loggedOut", summary: "The token and cookie revoked", path: "/api/auth/logout", expect: 200 }, session);
  await api.post(
    {
      name: "afterLogout",
      summary: "The revoked token",
      path: "/api/flights/search",
      body: { origin: "GOI", destination: "PNQ", departure_date: "2026-12-16", adults: 1, travel_class: "ECONOMY" },
      expect: 401,
    },
    session,
  );
}
