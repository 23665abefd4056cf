import type { Booking } from "../domain/booking.js";

/** The issuing office's offset: India Standard Time, UTC+05:30 (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** When the booking's tickets were issued: its first change to TICKETED. */
function ticketedAt(booking: Pick<Booking, "statusHistory">): Date | undefined {
  return booking.statusHistory.find((h) => h.status === "TICKETED")?.at;
}

/** The last instant of the IST calendar day of `at` (23:59:59.999 IST). */
function endOfIstDay(at: Date): Date {
  const istMidnight = Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  return new Date(istMidnight + DAY_MS - 1);
}

/**
 * Until when the whole booking may be voided (API guide, Partial cancellation, void and refunds):
 * a TICKETED booking never partly cancelled, until 23:59:59.999 IST of the day it was ticketed;
 * undefined when it may not be (any more).
 */
export function voidEligibleUntil(booking: Booking, now: Date): Date | undefined {
  if (booking.status !== "TICKETED" || (booking.cancelledCoupons ?? []).length > 0) return undefined;
  const issued = ticketedAt(booking);
  if (issued === undefined) return undefined;
  const until = endOfIstDay(issued);
  return now.getTime() <= until.getTime() ? until : undefined;
}
