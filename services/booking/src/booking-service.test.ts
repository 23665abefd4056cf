import { DomainError } from "@tarmac/kernel";
import { BookingStatus, PassengerType, Title } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest, FINAL_PRICE, NET_FARE, SEAT_TOKENS } from "./testing/booking-harness.js";
import { handlerContext as context } from "./testing/service-calls.js";
import { failureOf } from "@tarmac/kernel/testing";

describe("CreateBooking", () => {
  it("holds, reserves, captures and answers BOOKED with the PNR; the wallet pays net fare plus seats", async () => {
    const h = bookingHarness();
    const res = await h.service.createBooking(
      createRequest({ ancillaries: [{ paxId: "ADT1", ancillaryToken: SEAT_TOKENS["2A"] }] }),
      context(),
    );
    expect(res.status).toBe(BookingStatus.BOOKED);
    expect(res.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(res.totalPricePaise).toBe(BigInt(FINAL_PRICE + 30_000));
    expect(h.wallet.captured.map((c) => c.amount)).toEqual([NET_FARE + 30_000]);
    expect(h.wallet.calls).toEqual([`hold ${res.bookingId}`, `capture hold_${res.bookingId}`]);
    expect(h.airline.reserveCalls[0]).toMatchObject({
      clientReference: res.bookingId,
      seats: [{ paxId: "ADT1", segmentIndex: 0, seat: "2A" }],
    });
    const stored = (await h.store.get(res.bookingId))!;
    expect(stored.statusHistory.map((c) => c.status)).toEqual(["PENDING", "BOOKED"]);
    expect((await h.outbox.pending(10)).map((e) => e.type)).toEqual(["booking.pending", "booking.booked"]);
  });

  it("answers the same booking to the same idempotency key, flagged as a replay, charging once", async () => {
    const h = bookingHarness();
    const request = createRequest();
    const first = await h.service.createBooking(request, context());
    const again = await h.service.createBooking(request, context());
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(h.wallet.captured).toHaveLength(1);
    expect(h.airline.reserveCalls).toHaveLength(1);
  });

  it("ends FAILED with 402 and never asks the airline when the wallet cannot cover the net fare", async () => {
    const h = bookingHarness({ balance: NET_FARE - 1 });
    const request = createRequest();
    const failure = await failureOf(h.service.createBooking(request, context()));
    expect([failure.code, failure.status]).toEqual(["WALLET_INSUFFICIENT_FUNDS", 402]);
    expect(h.airline.reserveCalls).toEqual([]);
    const [failed] = await h.store.listByStatus("FAILED", new Date("2030-01-01"), 10);
    expect(failed!.statusHistory.map((c) => c.status)).toEqual(["PENDING", "FAILED"]);
    // A retry of the same request gets the same answer, not a second attempt.
    expect((await failureOf(h.service.createBooking(request, context()))).code).toBe("WALLET_INSUFFICIENT_FUNDS");
    expect(h.wallet.calls).toEqual([`hold ${failed!.bookingId}`]);
  });

  it("voids the hold and ends FAILED when the airline refuses, passing its provider block on", async () => {
    const h = bookingHarness();
    const provider = { name: "SANDBOX", code: "FARE_UNAVAILABLE", message: "class closed" };
    h.airline.refuseWith = new DomainError("PROVIDER_SOLD_OUT", "Sold out", { provider });
    const failure = await failureOf(h.service.createBooking(createRequest(), context()));
    expect([failure.code, failure.provider]).toEqual(["PROVIDER_SOLD_OUT", provider]);
    expect(h.wallet.captured).toEqual([]);
    expect(h.wallet.held).toBe(0);
    expect(h.wallet.calls.at(-1)).toMatch(/^void /);
  });

  it("names every malformed passenger and contact field, storing and charging nothing", async () => {
    const h = bookingHarness();
    const request = createRequest({
      passengers: [adult(1, { firstName: "", lastName: "M3hta", title: Title.UNSPECIFIED, dob: "2020-02-30", nationality: "india" })],
      contactInfo: { email: "not-an-email", phone: "98123" },
    });
    const failure = await failureOf(h.service.createBooking(request, context()));
    expect(failure.code).toBe("VALIDATION_FAILED");
    expect(failure.errors.map((e) => [e.field, e.code])).toEqual([
      ["passengers[0].title", "REQUIRED"],
      ["passengers[0].first_name", "REQUIRED"],
      ["passengers[0].last_name", "INVALID_FORMAT"],
      ["passengers[0].nationality", "INVALID_FORMAT"],
      ["passengers[0].dob", "INVALID_FORMAT"],
      ["contact_info.email", "INVALID_FORMAT"],
      ["contact_info.phone", "INVALID_FORMAT"],
    ]);
    expect(h.wallet.calls).toEqual([]);
    expect(await h.store.listByStatus("PENDING", new Date("2030-01-01"), 10)).toEqual([]);
  });

  it("checks each age at the last flight date and the passenger mix against the fare", async () => {
    const h = bookingHarness({ pax: { adult: 1, child: 1, infant: 1 } });
    const child = { ...adult(1), id: "CHD1", type: PassengerType.CHD, title: Title.MSTR, dob: "2014-11-30" };
    const infant = { ...adult(1), id: "INF1", type: PassengerType.INF, title: Title.MSTR, dob: "2024-12-02" };
    const ages = await failureOf(h.service.createBooking(createRequest({ passengers: [adult(), child, infant] }), context()));
    // CHD1 turns 12 the day before the flight; INF1 is still under 2 on 2026-12-01 (born 2024-12-02): only the child fails.
    expect(ages.errors.map((e) => e.field)).toEqual(["passengers[1].dob"]);
    const mismatch = await failureOf(h.service.createBooking(createRequest({ passengers: [adult()] }), context()));
    expect([mismatch.code, mismatch.status]).toEqual(["BOOKING_PASSENGER_MISMATCH", 422]);
  });

  it("refuses seats for infants, exit rows for a child or an adult with an infant, a seat twice, and a taken seat", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 1 } });
    const infant = { ...adult(1), id: "INF1", type: PassengerType.INF, title: Title.MSTR, dob: "2025-06-01" };
    const passengers = [adult(1), adult(2), infant];
    const seat = (paxId: string, token: string) => ({ paxId, ancillaryToken: token });
    const bad = await failureOf(
      h.service.createBooking(
        createRequest({
          passengers,
          ancillaries: [
            seat("INF1", SEAT_TOKENS["2A"]),
            seat("ADT1", SEAT_TOKENS["1A"]),
            seat("ADT2", SEAT_TOKENS["2A"]),
            seat("ADT2", SEAT_TOKENS["2A"]),
          ],
        }),
        context(),
      ),
    );
    expect(bad.errors.map((e) => [e.field, e.code])).toEqual([
      ["ancillaries[0].pax_id", "INVALID_VALUE"],
      ["ancillaries[1].ancillary_token", "INVALID_VALUE"],
      ["ancillaries[3].pax_id", "INVALID_VALUE"],
    ]);
    const forged = await failureOf(
      h.service.createBooking(createRequest({ passengers, ancillaries: [seat("ADT2", "forged")] }), context()),
    );
    expect(forged.errors.map((e) => e.field)).toEqual(["ancillaries[0].ancillary_token"]);
    const taken = await failureOf(
      h.service.createBooking(createRequest({ passengers, ancillaries: [seat("ADT2", SEAT_TOKENS["2B"])] }), context()),
    );
    expect([taken.code, taken.status]).toEqual(["BOOKING_SEAT_UNAVAILABLE", 409]);
    // ADT2 carries no infant: the exit row is theirs to take.
    const ok = await h.service.createBooking(createRequest({ passengers, ancillaries: [seat("ADT2", SEAT_TOKENS["1A"])] }), context());
    expect(ok.status).toBe(BookingStatus.BOOKED);
    expect(h.wallet.captured).toHaveLength(1);
  });

  it("passes fare token refusals through", async () => {
    const h = bookingHarness();
    const failure = await failureOf(h.service.createBooking(createRequest({ fareToken: "other" }), context()));
    expect(failure.code).toBe("BOOKING_FARE_TOKEN_INVALID");
  });
});

describe("GetBooking", () => {
  it("keeps bookings apart when the airline gives them the same PNR: both BOOKED, the PNR names the newest", async () => {
    const h = bookingHarness();
    h.airline.fixedPnr = "SAME01";
    const first = await h.service.createBooking(createRequest({ idempotencyKey: "pnr-first" }), context());
    h.clock.advance(1_000);
    const second = await h.service.createBooking(createRequest({ idempotencyKey: "pnr-second" }), context());
    expect([first.pnr, second.pnr, first.bookingId === second.bookingId]).toEqual(["SAME01", "SAME01", false]);
    for (const { bookingId } of [first, second]) {
      const { booking } = await h.service.getBooking({ agentId: AGENT, bookingId, pnr: "" } as never);
      expect(booking?.status).toBe(BookingStatus.BOOKED);
    }
    const byPnr = await h.service.getBooking({ agentId: AGENT, bookingId: "", pnr: "SAME01" } as never);
    expect(byPnr.booking?.bookingId).toBe(second.bookingId);
    expect(h.wallet.captured).toHaveLength(2);
  });

  it("finds a booking by id, by PNR or both, only for its own agent", async () => {
    const h = bookingHarness();
    const { bookingId, pnr } = await h.service.createBooking(createRequest(), context());
    const byId = await h.service.getBooking({ agentId: AGENT, bookingId, pnr: "" } as never);
    expect(byId.booking).toMatchObject({ bookingId, pnr, status: BookingStatus.BOOKED, netFarePaise: BigInt(NET_FARE) });
    expect(byId.booking!.statusHistory.map((c) => c.status)).toEqual([BookingStatus.PENDING, BookingStatus.BOOKED]);
    expect((await h.service.getBooking({ agentId: AGENT, bookingId: "", pnr: pnr.toLowerCase() } as never)).booking!.bookingId).toBe(
      bookingId,
    );
    for (const request of [
      { agentId: "agt_two", bookingId, pnr: "" },
      { agentId: AGENT, bookingId: "bkg_nope", pnr: "" },
      { agentId: AGENT, bookingId, pnr: "ZZZZZZ" },
    ]) {
      const failure = await failureOf(h.service.getBooking(request as never));
      expect([failure.code, failure.status]).toEqual(["BOOKING_NOT_FOUND", 404]);
    }
    const none = await failureOf(h.service.getBooking({ agentId: AGENT, bookingId: "", pnr: "" } as never));
    expect(none.errors.map((e) => [e.field, e.code])).toEqual([["booking_id", "REQUIRED"]]);
  });
});
