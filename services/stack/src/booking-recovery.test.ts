import type { BookingDependencies } from "@tarmac/booking";
import { crashAfter, crashBefore } from "@tarmac/booking/testing";
import type { OutboxEvent } from "@tarmac/events";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

type CrashPoint = "afterHold" | "afterReserve" | "afterCapture";

/**
 * Crashes the create flow at each point with the real wallet and sandbox airline, by decorating
 * the store and wallet client booking receives, then lets the recovery sweep settle the booking:
 * BOOKED with exactly one captured debit, or FAILED with no debit, no hold left and no live PNR.
 */
describe("crash recovery through the whole stack", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let crashAt: CrashPoint | undefined;
  const events: OutboxEvent[] = [];
  /** Bookings earlier cases already settled, so each case finds its own. */
  const seen = new Set<string>();
  const armed = (point: CrashPoint) => () => crashAt === point;
  const decorateBooking = ({ store, wallet, provider }: BookingDependencies): BookingDependencies => ({
    // After the hold is stored on the booking, before the airline is asked.
    store: crashAfter(store, "update", (booking) => crashAt === "afterHold" && booking.holdId !== undefined),
    // After the airline reserved, before the capture; and after the capture, before BOOKED.
    wallet: crashAfter(crashBefore(wallet, "capture", armed("afterReserve")), "capture", armed("afterCapture")),
    provider,
  });

  beforeAll(async () => {
    // Sweeps only when the test asks; a PENDING booking is fair game after one second.
    const env = {
      TARMAC_ENV: "test",
      RECOVERY_GRACE_SECONDS: "1",
      BOOKING_SWEEP_INTERVAL_MS: "600000",
      SANDBOX_TICKETING_DELAY_MS: "3600000",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger(), decorateBooking });
    stack.events!.subscribe((event) => void events.push(event));
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  it.each([
    ["afterHold", "FAILED"],
    ["afterReserve", "BOOKED"],
    ["afterCapture", "BOOKED"],
  ] as const)(
    "settles a crash %s as %s",
    async (point, expected) => {
      const { fareToken, netFare } = await api.lockedFare({ origin: "BLR", dest: "HYD" });
      const before = (await api.post("/api/v1/wallet/balance", {})).json;
      crashAt = point;
      const key = `crash-${point}`;
      const crashed = await api.post(
        "/api/v1/flight/booking/create",
        { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
        { "idempotency-key": key },
      );
      crashAt = undefined;
      expect(crashed.status).toBe(500);
      expect(crashed.json.error.code).toBe("INTERNAL");
      const bookingId = await eventually(
        async () =>
          events.find((e) => e.type === "booking.pending" && e.agentId && !seen.has(e.data.booking_id as string))?.data.booking_id as
            string | undefined,
      );
      seen.add(bookingId);
      expect((await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json.status).toBe("PENDING");

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await stack.sweepBookings();

      const booking = (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
      expect(booking.status).toBe(expected);
      const after = (await api.post("/api/v1/wallet/balance", {})).json;
      const statement = (await api.post("/api/v1/wallet/statement", { limit: 100 })).json;
      const mine = statement.lines.filter((l: { reference: string }) => l.reference === bookingId);
      const captures = mine.filter((l: { kind: string }) => l.kind === "CAPTURE");
      expect(after.held_paise).toBe(before.held_paise);
      if (expected === "BOOKED") {
        expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
        expect(captures).toHaveLength(1);
        expect(after.balance_paise).toBe(before.balance_paise - netFare);
      } else {
        expect(booking.pnr).toBeNull();
        expect(captures).toHaveLength(0);
        expect(after.balance_paise).toBe(before.balance_paise);
      }
      // A retry of the crashed request with its key answers the settled booking, never books again.
      const retry = await api.post(
        "/api/v1/flight/booking/create",
        { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
        { "idempotency-key": key },
      );
      expect(retry.status).toBe(expected === "BOOKED" ? 200 : 500);
      if (expected === "BOOKED") expect(retry.json.booking_id).toBe(bookingId);
    },
    30_000,
  );
});
