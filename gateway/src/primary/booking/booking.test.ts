import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  AncillaryKind,
  BookingStatus,
  CreateBookingResponseSchema,
  ExtraSource,
  Gender,
  GetBookingResponseSchema,
  PassengerType,
  TicketStatus,
  Title,
  type CreateBookingRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { searchPage } from "../../testing/canned-offers.js";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";
import { ADULT_PASSENGER, CONTACT_INFO } from "../../testing/booking-bodies.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const passenger = ADULT_PASSENGER;
const body = {
  fare_token: "ft_1",
  passengers: [passenger],
  contact_info: CONTACT_INFO,
  ancillaries: [{ pax_id: "ADT1", ancillary_token: "at_1" }],
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  gateway.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "x-api-key": keys.bookOnly, ...headers },
    payload: JSON.stringify(payload),
  });

/** A saver as the sandbox airline files it: `refundable: false` with ordinary bands (rupees 3,000 to 4,500). */
const SAVER_RULES = {
  refundable: false,
  cancellationPenalties: [
    { minHoursBeforeDeparture: 72, perPassengerPaise: 300_000n },
    { minHoursBeforeDeparture: 0, perPassengerPaise: 450_000n },
  ],
  changeFees: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 350_000n }],
  taxesRefundable: true,
};

/** A meal bought with the booking, in the status the booking service gives it (its passenger's ticket's). */
const mealOf = (status: TicketStatus) => ({
  paxId: "ADT1",
  segmentIndex: 0,
  kind: AncillaryKind.MEAL,
  code: "VGML",
  description: "Vegetarian meal",
  quantity: 1,
  unitPricePaise: 40_000n,
  pricePaise: 40_000n,
  ancillaryId: "MEAL-0-VGML",
  source: ExtraSource.BOOKING,
  refundableOnVoluntaryCancellation: true,
  status,
});

function fakeBooking(
  seen: CreateBookingRequest[],
  fareRules?: typeof SAVER_RULES,
  extraStatus = TicketStatus.OPEN,
): FakeServices["booking"] {
  return {
    createBooking(request) {
      seen.push(request);
      return create(CreateBookingResponseSchema, {
        bookingId: "bkg_1",
        pnr: "ABC234",
        totalPricePaise: 945_000n,
        currency: "INR",
        status: BookingStatus.BOOKED,
      });
    },
    getBooking(request) {
      if (request.bookingId !== "bkg_1" && request.pnr !== "ABC234" && request.idempotencyKey !== "order-42")
        throw toConnectError(new DomainError("BOOKING_NOT_FOUND", "No such booking"));
      const offer = searchPage().results[0]!;
      return create(GetBookingResponseSchema, {
        booking: {
          bookingId: "bkg_1",
          pnr: "ABC234",
          status: BookingStatus.TICKETED,
          agentId: request.agentId,
          createdAt: { seconds: 1_800_000_000n },
          updatedAt: { seconds: 1_800_000_100n },
          lastArrivalAt: { seconds: 1_800_100_000n },
          currency: "INR",
          totalPricePaise: 945_000n,
          netFarePaise: 860_000n,
          seatsPaise: 45_000n,
          pricingBreakdown: offer.pricingBreakdown!,
          ...(fareRules && { fareRules }),
          segments: offer.segments,
          passengers: [
            {
              id: "ADT1",
              type: PassengerType.ADT,
              title: Title.MR,
              firstName: "Arjun",
              lastName: "Mehta",
              gender: Gender.M,
              dob: "1985-04-12",
              nationality: "IN",
            },
          ],
          contactInfo: CONTACT_INFO,
          seats: [{ paxId: "ADT1", segmentIndex: 0, seat: "12C", pricePaise: 45_000n, ancillaryId: "SEAT-0-12C" }],
          extras: [mealOf(extraStatus)],
          extrasPaise: 40_000n,
          ticketNumbers: [{ paxId: "ADT1", segmentIndex: 0, ticketNumber: "0982123456789", status: extraStatus }],
          statusHistory: [
            { status: BookingStatus.PENDING, at: { seconds: 1_800_000_000n }, reason: "booking requested" },
            { status: BookingStatus.BOOKED, at: { seconds: 1_800_000_001n }, reason: "reserved" },
            { status: BookingStatus.TICKETED, at: { seconds: 1_800_000_100n }, reason: "tickets issued" },
          ],
        },
      });
    },
  };
}

describe("POST /api/v1/flight/booking/create", () => {
  it("books for the caller with the header's idempotency key, enums mapped, and answers API guide, Bookings", async () => {
    const seen: CreateBookingRequest[] = [];
    gateway = await testApp({ booking: fakeBooking(seen) });
    const res = await post("/api/v1/flight/booking/create", body, { "idempotency-key": "order-42" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      booking_id: "bkg_1",
      pnr: "ABC234",
      total_price_paise: 945_000,
      currency: "INR",
      status: "BOOKED",
      ticket_time_limit: null,
      price_guaranteed_until: null,
    });
    expect(seen[0]).toMatchObject({
      agentId: AGENT_ID,
      fareToken: "ft_1",
      idempotencyKey: "order-42",
      passengers: [{ id: "ADT1", type: PassengerType.ADT, title: Title.MR, gender: Gender.M, firstName: "Arjun" }],
      ancillaries: [{ paxId: "ADT1", ancillaryToken: "at_1" }],
    });
    const replay = await post("/api/v1/flight/booking/create", body, { "idempotency-key": "order-42" });
    expect(replay.body).toBe(res.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(seen).toHaveLength(1);
  });

  it("needs the Idempotency-Key header", async () => {
    gateway = await testApp({ booking: fakeBooking([]) });
    expectEnvelope(await post("/api/v1/flight/booking/create", body), "IDEMPOTENCY_KEY_REQUIRED");
  });

  it("refuses another agent's agent_id with 403 and a body key unlike the header, without using up the key", async () => {
    const seen: CreateBookingRequest[] = [];
    gateway = await testApp({ booking: fakeBooking(seen) });
    const headers = { "idempotency-key": "k1" };
    expectEnvelope(await post("/api/v1/flight/booking/create", { ...body, agent_id: "agt_other" }, headers), "AUTH_FORBIDDEN");
    const mismatch = expectEnvelope(
      await post("/api/v1/flight/booking/create", { ...body, idempotency_key: "k2" }, headers),
      "VALIDATION_FAILED",
    );
    expect(mismatch.error.errors).toEqual([expect.objectContaining({ field: "idempotency_key", code: "INVALID_VALUE" })]);
    const ok = await post("/api/v1/flight/booking/create", { ...body, agent_id: AGENT_ID, idempotency_key: "k1" }, headers);
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    [{ ...body, passengers: [{ ...passenger, type: "ADULT" }] }, "passengers[0].type", "INVALID_VALUE"],
    [{ ...body, passengers: [{ ...passenger, dob: "12/04/1985" }] }, "passengers[0].dob", "INVALID_FORMAT"],
    [{ ...body, passengers: [] }, "passengers", "OUT_OF_RANGE"],
    [{ ...body, contact_info: { email: "a@example.com" } }, "contact_info.phone", "REQUIRED"],
    [{ ...body, fare_token: undefined }, "fare_token", "REQUIRED"],
    [{ ...body, agent_id: 12345 }, "agent_id", "INVALID_FORMAT"],
  ])("rejects %j on %s", async (payload, field, code) => {
    gateway = await testApp({ booking: fakeBooking([]) });
    const envelope = expectEnvelope(await post("/api/v1/flight/booking/create", payload, { "idempotency-key": "k" }), "VALIDATION_FAILED");
    expect(envelope.error.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
  });

  it("passes 402 WALLET_INSUFFICIENT_FUNDS through and replays it for the same key", async () => {
    let calls = 0;
    gateway = await testApp({
      booking: {
        createBooking() {
          calls++;
          throw toConnectError(new DomainError("WALLET_INSUFFICIENT_FUNDS", "Available 100.00 INR"));
        },
      },
    });
    const first = await post("/api/v1/flight/booking/create", body, { "idempotency-key": "k" });
    const firstTrace = expectEnvelope(first, "WALLET_INSUFFICIENT_FUNDS").trace_id;
    const again = await post("/api/v1/flight/booking/create", body, { "idempotency-key": "k" });
    // The replay's trace_id is its own request id (as its header); every other byte is the first answer's.
    const againTrace = expectEnvelope(again, "WALLET_INSUFFICIENT_FUNDS").trace_id;
    expect([again.statusCode, again.body, calls]).toEqual([402, first.body.replace(firstTrace, againTrace), 1]);
  });
});

describe("POST /api/v1/flight/booking/status", () => {
  it("shows a non-refundable fare as forfeiting its base fare: no cancellation bands, the change fees as filed", async () => {
    gateway = await testApp({ booking: fakeBooking([], SAVER_RULES) });
    const res = await post("/api/v1/flight/booking/status", { booking_id: "bkg_1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ fare_rules: unknown }>().fare_rules).toEqual({
      refundable: false,
      cancellation_penalties: [],
      change_fees: [{ min_hours_before_departure: 0, per_passenger_paise: 350_000 }],
      taxes_refundable: true,
    });
  });

  it("shows a refundable fare's cancellation bands as filed", async () => {
    gateway = await testApp({ booking: fakeBooking([], { ...SAVER_RULES, refundable: true }) });
    const res = await post("/api/v1/flight/booking/status", { booking_id: "bkg_1" });
    expect(res.json<{ fare_rules: { cancellation_penalties: unknown } }>().fare_rules.cancellation_penalties).toEqual([
      { min_hours_before_departure: 72, per_passenger_paise: 300_000 },
      { min_hours_before_departure: 0, per_passenger_paise: 450_000 },
    ]);
  });

  it("answers the whole booking by id or PNR", async () => {
    gateway = await testApp({ booking: fakeBooking([]) });
    const res = await post("/api/v1/flight/booking/status", { pnr: "ABC234" });
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json();
    expect(booking).toMatchObject({
      booking_id: "bkg_1",
      pnr: "ABC234",
      status: "TICKETED",
      agent_id: AGENT_ID,
      total_price_paise: 945_000,
      seats: [{ pax_id: "ADT1", segment_index: 0, seat: "12C", price_paise: 45_000, ancillary_id: "SEAT-0-12C" }],
      ticket_numbers: [{ pax_id: "ADT1", segment_index: 0, ticket_number: "0982123456789" }],
      passengers: [{ id: "ADT1", type: "ADT", title: "MR", gender: "M" }],
      cancellation: null,
    });
    expect(booking.status_history.map((h: { status: string }) => h.status)).toEqual(["PENDING", "BOOKED", "TICKETED"]);
    expectEnvelope(await post("/api/v1/flight/booking/status", { booking_id: "bkg_x" }), "BOOKING_NOT_FOUND");
    // By the Idempotency-Key it was created with: a client whose create answer was lost finds it.
    expect((await post("/api/v1/flight/booking/status", { idempotency_key: "order-42" })).json()).toMatchObject({ booking_id: "bkg_1" });
  });

  it.each([
    [TicketStatus.OPEN, "OPEN"],
    [TicketStatus.CANCELLED, "CANCELLED"],
    [TicketStatus.VOIDED, "VOIDED"],
  ])("shows each extra's status like its ticket's (%s: %s), what was bought still in extras_paise", async (status, name) => {
    gateway = await testApp({ booking: fakeBooking([], undefined, status) });
    const booking = (await post("/api/v1/flight/booking/status", { booking_id: "bkg_1" })).json();
    expect(booking.extras).toEqual([expect.objectContaining({ pax_id: "ADT1", code: "VGML", status: name })]);
    expect(booking.ticket_numbers).toEqual([expect.objectContaining({ status: name })]);
    expect(booking.extras_paise).toBe(40_000);
  });

  it("needs flight.book", async () => {
    gateway = await testApp({ booking: fakeBooking([]) });
    expectEnvelope(await post("/api/v1/flight/booking/status", { pnr: "ABC234" }, { "x-api-key": keys.valid }), "AUTH_FORBIDDEN");
  });
});
