import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  BookingSchema,
  BookingStatus,
  ListBookingsResponseSchema,
  type ListBookingsRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { searchPage } from "../../testing/canned-offers.js";
import { CONTACT_INFO } from "../../testing/booking-bodies.js";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const list = (payload: unknown, key: string = keys.bookOnly) =>
  gateway.app.inject({
    method: "POST",
    url: "/api/v1/flight/booking/list",
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(payload),
  });

/** A booking service whose ListBookings answers one BOOKED booking and a next cursor to the first page, none after. */
function fakeBooking(seen: ListBookingsRequest[]): FakeServices["booking"] {
  return {
    listBookings(request) {
      seen.push(request);
      if (request.cursor === "forged") {
        throw toConnectError(
          new DomainError("VALIDATION_FAILED", "bad cursor", {
            errors: [{ field: "cursor", code: "INVALID_VALUE", message: "is not valid" }],
          }),
        );
      }
      const offer = searchPage().results[0]!;
      const booking = create(BookingSchema, {
        bookingId: "bkg_1",
        pnr: "ABC234",
        status: BookingStatus.BOOKED,
        agentId: request.agentId,
        createdAt: { seconds: 1_800_000_000n },
        updatedAt: { seconds: 1_800_000_001n },
        lastArrivalAt: { seconds: 1_800_100_000n },
        currency: "INR",
        totalPricePaise: 900_000n,
        netFarePaise: 860_000n,
        pricingBreakdown: offer.pricingBreakdown!,
        segments: offer.segments,
        contactInfo: CONTACT_INFO,
        statusHistory: [{ status: BookingStatus.BOOKED, at: { seconds: 1_800_000_001n }, reason: "reserved" }],
      });
      return create(ListBookingsResponseSchema, { bookings: [booking], nextCursor: request.cursor === "" ? "next-page" : "" });
    },
  };
}

describe("POST /api/v1/flight/booking/list", () => {
  it("lists the caller's bookings with its filters, and pages with the cursor until it is null", async () => {
    const seen: ListBookingsRequest[] = [];
    gateway = await testApp({ booking: fakeBooking(seen) });
    const body = { status: "BOOKED", created_from: "2026-11-01T00:00:00Z", created_to: "2026-12-01T00:00:00Z", page_size: 10 };
    const first = await list(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      count: 1,
      cursor: "next-page",
      bookings: [{ booking_id: "bkg_1", pnr: "ABC234", status: "BOOKED" }],
    });
    expect(seen[0]).toMatchObject({ agentId: AGENT_ID, status: BookingStatus.BOOKED, pageSize: 10, cursor: "" });
    expect(seen[0]!.createdFrom?.seconds).toBe(BigInt(Date.parse("2026-11-01T00:00:00Z") / 1000));
    expect(seen[0]!.createdTo?.seconds).toBe(BigInt(Date.parse("2026-12-01T00:00:00Z") / 1000));
    const next = await list({ cursor: "next-page" });
    expect(next.json()).toMatchObject({ count: 1, cursor: null });
    expect(seen[1]).toMatchObject({ cursor: "next-page", status: BookingStatus.UNSPECIFIED, pageSize: 0 });
    expect((await list({})).statusCode).toBe(200);
  });

  it("answers the error envelope for a bad body, a forged cursor, and a key without flight.book", async () => {
    gateway = await testApp({ booking: fakeBooking([]) });
    for (const bad of [{ status: "LOST" }, { page_size: 101 }, { page_size: 0 }, { created_from: "yesterday" }, { extra: 1 }]) {
      expectEnvelope(await list(bad), "VALIDATION_FAILED");
    }
    const forged = expectEnvelope(await list({ cursor: "forged" }), "VALIDATION_FAILED");
    expect(forged.error.errors?.map((e: { field: string }) => e.field)).toEqual(["cursor"]);
    expectEnvelope(await list({}, keys.walletOnly), "AUTH_FORBIDDEN");
  });
});
