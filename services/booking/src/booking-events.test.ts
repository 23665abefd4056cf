import { fromJsonString } from "@bufbuild/protobuf";
import { eventBody } from "@tarmac/events";
import { BookingRescheduledEventSchema, BookingStatusChangedEventSchema } from "@tarmac/proto/tarmac/events/v1/events_pb.js";
import { describe, expect, it } from "vitest";
import { bookingEvent, statusEvent } from "./booking-writer.js";
import { bookingFixture } from "./testing/booking-fixture.js";

// tarmac.events.v1 describes the published JSON: every body parses, unknown names refused, as its message.
describe("booking events as published", () => {
  const at = new Date("2026-11-22T06:00:01.250Z");

  it("a status change is the JSON of BookingStatusChangedEvent", () => {
    const pending = bookingFixture();
    const booking = bookingFixture({
      ...pending,
      status: "BOOKED",
      pnr: "ABC123",
      statusHistory: [...pending.statusHistory, { status: "BOOKED", at, reason: "reserved" }],
    });
    const parsed = fromJsonString(BookingStatusChangedEventSchema, eventBody(statusEvent(booking, "PENDING", at)));
    expect(parsed).toMatchObject({
      type: "booking.booked",
      agentId: "agt_one",
      createdAt: { seconds: BigInt(Math.floor(at.getTime() / 1000)), nanos: 250_000_000 },
      data: { bookingId: booking.bookingId, pnr: "ABC123", from: "PENDING", to: "BOOKED", reason: "reserved" },
    });
    expect(parsed.id).toMatch(/^evt_/);
  });

  it("a new booking's PENDING has an empty from and pnr", () => {
    const parsed = fromJsonString(BookingStatusChangedEventSchema, eventBody(statusEvent(bookingFixture(), undefined, at)));
    expect(parsed.data).toMatchObject({ from: "", to: "PENDING", pnr: "" });
  });

  it("a reschedule is the JSON of BookingRescheduledEvent", () => {
    const booking = bookingFixture({ status: "TICKETED", pnr: "ABC123" });
    const event = bookingEvent(booking, "booking.rescheduled", { new_offer_id: "off_2", new_total_paise: 912_345 }, at);
    const parsed = fromJsonString(BookingRescheduledEventSchema, eventBody(event));
    expect(parsed).toMatchObject({
      type: "booking.rescheduled",
      data: { bookingId: booking.bookingId, pnr: "ABC123", newOfferId: "off_2", newTotalPaise: 912_345n },
    });
  });
});
