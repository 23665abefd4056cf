import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { signedAs } from "@tarmac/kernel/testing";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "../banner.js";
import { adultPassenger, apiClient, contact, eventually } from "../testing/api-client.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";
import { bookingStorm, stormCounts, type StormOutcome } from "../testing/booking-storm.js";
import { startSplitStack, type SplitStack } from "./split-stack.js";

/** Quick sweeps and ticketing, so a run settles in seconds; no MongoDB or NATS: each process keeps its own memory. */
const FAST = {
  TARMAC_ENV: "test",
  LOG_LEVEL: "warn",
  SANDBOX_TICKETING_DELAY_MS: "300",
  BOOKING_SWEEP_INTERVAL_MS: "200",
  RECOVERY_GRACE_SECONDS: "1",
  TARMAC_DEV_API_KEY: "",
  ...relaxedRateLimits,
};

/** What every storm must come to, whatever was killed: BOOKED with one debit, or FAILED with none, and no money held. */
function expectWhole(outcome: StormOutcome): void {
  for (const [bookingId, lines] of outcome.captures) {
    expect(lines, `${bookingId} debited once`).toHaveLength(1);
    expect(["BOOKED", "TICKETED"], `${bookingId} debited and ${outcome.statuses.get(bookingId)}`).toContain(
      outcome.statuses.get(bookingId),
    );
  }
  for (const [bookingId, status] of outcome.statuses) {
    if (status === "FAILED") expect(outcome.captures.has(bookingId), `${bookingId} FAILED yet debited`).toBe(false);
    if (status === "BOOKED" || status === "TICKETED")
      expect(outcome.captures.has(bookingId), `${bookingId} ${status} without a debit`).toBe(true);
  }
  const debited = [...outcome.captures.values()].flat().reduce((sum, amount) => sum + amount, 0);
  expect(outcome.balanceAfter).toBe(outcome.balanceBefore + debited);
  expect(outcome.heldAfter).toBe(0);
  expect(outcome.voidedTwice).toEqual([]);
}

describe("split mode: every service, the sandbox airline and the gateway as separate processes", () => {
  let stack: SplitStack;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    stack = await startSplitStack({ env: { ...process.env, ...FAST, MONGODB_URI: "", NATS_URL: "" }, ports: "ephemeral" });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 90_000);
  afterAll(() => stack?.stop(), 30_000);

  const status = async (bookingId: string) => (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;

  it("runs the whole journey: search, validate, seat map, book with a seat, ticketed, reschedule, cancel and refund", async () => {
    const { offer, fareToken } = await api.lockedFare({ origin: "BLR", dest: "CCU" }, undefined, 25);
    const seatMap = async () =>
      (
        await api.post("/api/v1/flight/fare/seatmap", {
          search_id: offer.search_id,
          signature: offer.signature,
          provider: offer.provider,
          fare_token: fareToken,
        })
      ).json;
    const seats = (map: any) => map.segments[0].seatmap.flatMap((row: any) => row.seats);
    const before = (await api.post("/api/v1/wallet/balance", {})).json;
    const chosen = seats(await seatMap()).find((s: any) => s.available && s.price_paise > 0);
    const created = await api.post(
      "/api/v1/flight/booking/create",
      {
        fare_token: fareToken,
        passengers: [adultPassenger(1)],
        contact_info: contact,
        ancillaries: [{ pax_id: "ADT1", ancillary_token: chosen.ancillary_token }],
      },
      { "idempotency-key": "split-journey" },
    );
    expect(created.status, created.text).toBe(200);
    const bookingId = created.json.booking_id as string;
    const debitedAtBooking = (await status(bookingId)).debited_paise as number;

    // Booked through the booking process; the fare process's seat map no longer offers the seat.
    const seen = seats(await seatMap()).find((s: any) => s.ancillary_id === chosen.ancillary_id);
    expect(seen.available).toBe(false);

    const ticketed = await eventually(async () => ((await status(bookingId)).status === "TICKETED" ? status(bookingId) : undefined));
    expect(ticketed.ticket_numbers.length).toBe(offer.segments.length);

    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "CCU", dod: yyyymmdd(new Date(), 26), limit: 20 });
    const newOffer = search.json.results.find((o: any) => o.segments.every((s: any) => !s.flight_no.startsWith("9")));
    const quote = await api.post("/api/v1/flight/booking/reschedule/quote", {
      booking_id: bookingId,
      new_offer_id: newOffer.offer_id,
      reason_code: "CUSTOMER_REQUEST",
    });
    expect(quote.status, quote.text).toBe(200);
    const rescheduled = await api.post(
      "/api/v1/flight/booking/reschedule/confirm",
      { booking_id: bookingId },
      { "idempotency-key": "split-resched" },
    );
    expect(rescheduled.status, rescheduled.text).toBe(200);
    expect((await status(bookingId)).segments[0].dep_time.slice(0, 10)).toBe(newOffer.segments[0].dep_time.slice(0, 10));

    const terms = { booking_id: bookingId, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
    const cancelQuote = await api.post("/api/v1/flight/booking/cancel/quote", terms);
    expect(cancelQuote.status, cancelQuote.text).toBe(200);
    const cancelled = await api.post("/api/v1/flight/booking/cancel/confirm", terms, { "idempotency-key": "split-cancel" });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await status(bookingId)).status).toBe("REFUNDED");

    const lines = (await api.post("/api/v1/wallet/statement", { limit: 100 })).json.lines.filter((l: any) => l.reference === bookingId);
    const refund = cancelQuote.json.refund_amount_paise as number;
    expect(lines.filter((l: any) => l.kind === "REFUND").map((l: any) => l.amount_paise)).toEqual([refund]);
    const after = (await api.post("/api/v1/wallet/balance", {})).json.balance_paise;
    // The reschedule dropped the seat: its price came off the reschedule's charge, any excess credited (refund_paise).
    const rescheduleNet = quote.json.total_payable_paise - quote.json.refund_paise;
    expect(after).toBe(before.balance_paise - debitedAtBooking - rescheduleNet + refund);
  }, 60_000);

  it("keeps every booking whole while the gateway, search and fare are killed and restarted mid-storm", async () => {
    const restarted: string[] = [];
    const chaos = async () => {
      for (const name of ["gateway", "search", "fare", "gateway"]) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await stack.restart(name, "SIGKILL");
        restarted.push(name);
      }
      await stack.ready();
    };
    const outcome = await bookingStorm(
      stack.gatewayUrl,
      stack.apiKey,
      { count: 24, concurrency: 4, patienceMs: 30_000, run: "split-storm" },
      chaos,
    );
    console.info("split mode storm (memory stores, stateless processes killed):", stormCounts(outcome));
    expect(restarted).toEqual(["gateway", "search", "fare", "gateway"]);
    expectWhole(outcome);
    expect(stormCounts(outcome).booked).toBeGreaterThan(0);
  }, 150_000);

  it("ends every paid booking when the airline is SIGKILLed mid-storm and loses its reservations, and reconciles to 0", async () => {
    const chaos = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      // The sandbox keeps its reservations in memory: the airline comes back without the ones not yet ticketed.
      await stack.restart("airline", "SIGKILL");
      await stack.ready();
    };
    const outcome = await bookingStorm(
      stack.gatewayUrl,
      stack.apiKey,
      { count: 40, concurrency: 8, patienceMs: 30_000, run: "airline-kill" },
      chaos,
    );
    console.info("split mode storm (airline SIGKILLed):", stormCounts(outcome));
    const ids = [...outcome.statuses.keys()];
    // Within a couple of sweeps (200 ms) and ticketing delays (300 ms): none left BOOKED, paid and waiting.
    const finals = await eventually(async () => {
      const now = await Promise.all(ids.map(async (id) => [id, (await status(id)).status as string] as const));
      return now.every(([, s]) => s === "TICKETED" || s === "FAILED") ? new Map(now) : undefined;
    }, 5_000);
    const lines = (await api.post("/api/v1/wallet/statement", { limit: 500 })).json.lines as {
      kind: string;
      reference: string;
      amount_paise: number;
    }[];
    const moved = (id: string, kind: string) =>
      lines.filter((l) => l.kind === kind && l.reference === id).reduce((sum, l) => sum + Math.abs(l.amount_paise), 0);
    for (const [id, final] of finals) {
      // TICKETED: paid once, nothing back. FAILED: nothing paid, or all of it credited back.
      if (final === "TICKETED") expect([moved(id, "CAPTURE") > 0, moved(id, "REFUND")], id).toEqual([true, 0]);
      else expect(moved(id, "REFUND"), `${id} FAILED`).toBe(moved(id, "CAPTURE"));
    }
    expect((await api.post("/api/v1/wallet/balance", {})).json.held_paise).toBe(0);
    const admin = createClient(
      BookingService,
      createGrpcTransport({ baseUrl: `http://127.0.0.1:${stack.processes.get("booking")!.port}`, interceptors: [signedAs("admin")] }),
    );
    const report = await admin.reconcile({});
    expect(report.unreadableAgentIds).toEqual([]);
    expect(report.discrepancies.map((d) => `${d.kind} ${d.ids.join(",")}: ${d.detail}`)).toEqual([]);
    expect(report.bookingsChecked).toBeGreaterThanOrEqual(finals.size);
  }, 150_000);
});

if (!process.env.MONGODB_URI)
  console.info("split mode on MongoDB skipped: set MONGODB_URI (a replica set) to run two booking and two wallet replicas");
describe.skipIf(!process.env.MONGODB_URI)(
  "split mode on MongoDB: two booking and two wallet replicas, one of each SIGKILLed mid-storm",
  () => {
    let stack: SplitStack;
    beforeAll(async () => {
      const env = { ...process.env, ...FAST, MONGODB_DB: `tarmac_split_${process.pid}_${Date.now()}` };
      stack = await startSplitStack({ env, ports: "ephemeral", replicas: { booking: 2, wallet: 2 } });
    }, 120_000);
    afterAll(() => stack?.stop(), 30_000);

    it("ends every booking BOOKED with one debit or FAILED with none, and reconciles to 0", async () => {
      const chaos = async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await stack.processes.get("booking-1")!.stop("SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 500));
        await stack.restart("wallet-1", "SIGKILL");
      };
      const outcome = await bookingStorm(
        stack.gatewayUrl,
        stack.apiKey,
        { count: 40, concurrency: 8, patienceMs: 40_000, run: "replica-storm" },
        chaos,
      );
      console.info("split mode storm (MongoDB, booking-1 and wallet-1 SIGKILLed):", stormCounts(outcome));
      expectWhole(outcome);
      expect(stormCounts(outcome).booked).toBeGreaterThan(0);
      const admin = createClient(
        BookingService,
        createGrpcTransport({ baseUrl: `http://127.0.0.1:${stack.processes.get("booking-2")!.port}`, interceptors: [signedAs("admin")] }),
      );
      // Bookings still BOOKED are in flight (the reconciler leaves them for its next run): none may differ.
      const report = await admin.reconcile({});
      expect(report.discrepancies.map((d) => `${d.kind} ${d.ids.join(",")}: ${d.detail}`)).toEqual([]);
    }, 180_000);
  },
);
