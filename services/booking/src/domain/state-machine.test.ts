import { DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { BookingStatus } from "./booking.js";
import { canMove, isTerminal, transition } from "./state-machine.js";

const STATUSES: BookingStatus[] = ["PENDING", "BOOKED", "TICKETED", "FAILED", "CANCELLED", "REFUNDED", "FLOWN"];
const ALLOWED = new Set([
  "PENDING>BOOKED",
  "PENDING>FAILED",
  "BOOKED>TICKETED",
  "BOOKED>CANCELLED",
  "BOOKED>FAILED",
  "TICKETED>CANCELLED",
  "TICKETED>FLOWN",
  "CANCELLED>REFUNDED",
]);

describe("booking state machine (API guide, Booking states)", () => {
  it.each(STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const)))("%s -> %s", (from, to) => {
    const booking = bookingFixture({ status: from });
    const at = new Date("2026-11-22T07:00:00Z");
    if (ALLOWED.has(`${from}>${to}`)) {
      const moved = transition(booking, to, at, "because");
      expect(moved.status).toBe(to);
      expect(moved.statusHistory.at(-1)).toEqual({ status: to, at, reason: "because" });
      expect(moved.statusHistory).toHaveLength(booking.statusHistory.length + 1);
      expect(booking.status).toBe(from);
    } else {
      expect(canMove(from, to)).toBe(false);
      let error: unknown;
      try {
        transition(booking, to, at, "because");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("BOOKING_INVALID_STATE");
      expect((error as DomainError).status).toBe(409);
      expect((error as DomainError).message).toContain(from);
    }
  });

  it("ends at FAILED, REFUNDED and FLOWN", () => {
    expect(STATUSES.filter(isTerminal)).toEqual(["FAILED", "REFUNDED", "FLOWN"]);
  });
});
