import type { AirlineProvider } from "@tarmac/airline-port";
import type { OutboxEvent } from "@tarmac/events";
import { crashBefore } from "@tarmac/booking/testing";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact, eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";

const HOUR = 3_600_000;
interface Offer {
  search_id: string;
  signature: string;
  airline: string;
  hold_allowed: boolean;
  segments: { flight_no: string }[];
}

/** Hold now, ticket later through the gateway of the whole stack, on a clock the test moves. */
describe("holds through the gateway", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  let airline: AirlineProvider;
  const clock = new ManualClock(new Date());
  const events: OutboxEvent[] = [];
  let crashArmed = false;
  beforeAll(async () => {
    const env = { TARMAC_ENV: "test", SANDBOX_TICKETING_DELAY_MS: "200", BOOKING_SWEEP_INTERVAL_MS: "100", ...relaxedRateLimits };
    stack = await startStack({
      env,
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
      clock,
      decorateBooking: (wired) => {
        airline = wired.provider;
        // Armed by the crash test: the process "dies" after the airline's ticketing answer, before the capture.
        return { ...wired, wallet: crashBefore(wired.wallet, "capture", () => crashArmed) };
      },
    });
    stack.events!.subscribe((event) => void events.push(event));
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  let keys = 0;
  /** A fare on BLR-HYD 25 days out: an Air India fare (holdable), or the flight `flightNo` (e.g. 9601, 6E 9101). */
  async function validated(pick: (o: Offer) => boolean) {
    const search = await api.post("/api/v1/flight/search", { origin: "BLR", dest: "HYD", dod: yyyymmdd(clock.now(), 25), limit: 200 });
    expect(search.status, search.text).toBe(200);
    const offer = (search.json.results as Offer[]).find((o) => o.segments.length === 1 && pick(o));
    if (!offer) throw new Error("no such offer");
    const res = await api.post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature });
    expect(res.status, res.text).toBe(200);
    return { offer, fareToken: res.json.fare_token as string, validatedOffer: res.json.offer };
  }
  const ordinaryAi = (o: Offer) => o.airline === "AI" && !o.segments[0]!.flight_no.includes("9");
  const flight = (no: string) => (o: Offer) => o.segments[0]!.flight_no.includes(no);

  async function hold(pick: (o: Offer) => boolean = ordinaryAi) {
    const { fareToken } = await validated(pick);
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact, payment: "HOLD" },
      { "idempotency-key": `hold-${++keys}` },
    );
    expect(res.status, res.text).toBe(200);
    return res.json as { booking_id: string; pnr: string; status: string; total_price_paise: number; ticket_time_limit: string };
  }
  const status = async (bookingId: string) => (await api.post("/api/v1/flight/booking/status", { booking_id: bookingId })).json;
  const debitsOf = async (bookingId: string) => {
    const statement = (await api.post("/api/v1/wallet/statement", { limit: 200 })).json;
    return statement.lines.filter((l: { kind: string; reference: string }) => l.kind === "CAPTURE" && l.reference.startsWith(bookingId));
  };
  const ticket = (bookingId: string, key: string, more: object = {}) =>
    api.post("/api/v1/flight/booking/ticket", { booking_id: bookingId, ...more }, { "idempotency-key": key });
  const eventsOf = (bookingId: string) => events.filter((e) => e.data.booking_id === bookingId).map((e) => e.type);

  it("holds with no debit, then tickets with one debit: BOOKED, then TICKETED", async () => {
    const { offer, validatedOffer } = await validated(ordinaryAi);
    expect([offer.hold_allowed, validatedOffer.hold_allowed, typeof validatedOffer.hold_ticket_time_limit]).toEqual([true, true, "string"]);
    const held = await hold();
    expect([held.status, held.pnr.length, typeof held.ticket_time_limit]).toEqual(["HELD", 6, "string"]);
    const booking = await status(held.booking_id);
    expect([booking.status, booking.payment, booking.debited_paise, booking.hold.ticket_time_limit]).toEqual([
      "HELD",
      "HOLD",
      0,
      held.ticket_time_limit,
    ]);
    expect(await debitsOf(held.booking_id)).toEqual([]);

    const ticketed = await ticket(held.booking_id, `t-${held.booking_id}`);
    expect(ticketed.status, ticketed.text).toBe(200);
    expect(ticketed.json).toMatchObject({ status: "BOOKED", total_price_paise: held.total_price_paise });
    const debits = await debitsOf(held.booking_id);
    expect(debits.map((l: { amount_paise: number }) => l.amount_paise)).toEqual([-ticketed.json.debited_paise]);
    clock.advance(1_000);
    const done = await eventually(async () =>
      (await status(held.booking_id)).status === "TICKETED" ? status(held.booking_id) : undefined,
    );
    expect(done.ticket_numbers.length).toBeGreaterThan(0);
    expect(done.status_history.map((h: { status: string }) => h.status)).toEqual(["PENDING", "HELD", "BOOKED", "TICKETED"]);
    await eventually(async () => (eventsOf(held.booking_id).includes("booking.ticketed") ? true : undefined));
    expect(eventsOf(held.booking_id)).toEqual(["booking.pending", "booking.held", "booking.booked", "invoice.issued", "booking.ticketed"]);
  });

  it("refuses to hold a low-cost fare with 422 BOOKING_HOLD_NOT_ALLOWED", async () => {
    const { offer, fareToken } = await validated((o) => o.airline === "6E");
    expect(offer.hold_allowed).toBe(false);
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact, payment: "HOLD" },
      { "idempotency-key": `hold-${++keys}` },
    );
    expect([res.status, res.json.error.code]).toEqual([422, "BOOKING_HOLD_NOT_ALLOWED"]);
  });

  it("answers 409 with the new price after the guarantee (AI9601), refuses a stale amount, takes the quoted one", async () => {
    const held = await hold(flight("9601"));
    clock.advance(2 * HOUR);
    const changed = await ticket(held.booking_id, `pc-1-${held.booking_id}`);
    expect([changed.status, changed.json.error.code]).toEqual([409, "BOOKING_PRICE_CHANGED"]);
    const quote = changed.json.error.details;
    expect(quote.previous_total_price_paise).toBe(held.total_price_paise);
    expect(quote.new_total_price_paise).toBeGreaterThan(held.total_price_paise);
    expect(await debitsOf(held.booking_id)).toEqual([]);
    const stale = await ticket(held.booking_id, `pc-2-${held.booking_id}`, {
      accept_price_change: true,
      accepted_total_price_paise: held.total_price_paise,
    });
    expect([stale.status, stale.json.error.code]).toEqual([409, "BOOKING_PRICE_CHANGED"]);
    const paid = await ticket(held.booking_id, `pc-3-${held.booking_id}`, {
      accept_price_change: true,
      accepted_total_price_paise: quote.new_total_price_paise,
    });
    expect(paid.status, paid.text).toBe(200);
    expect([paid.json.status, paid.json.total_price_paise, paid.json.debited_paise]).toEqual([
      "BOOKED",
      quote.new_total_price_paise,
      quote.new_debit_paise,
    ]);
    expect((await debitsOf(held.booking_id)).map((l: { amount_paise: number }) => l.amount_paise)).toEqual([-quote.new_debit_paise]);
  });

  it("takes one debit from 100 concurrent ticket calls with distinct keys, and from 20 with one key (replays)", async () => {
    const first = await hold();
    const distinct = await Promise.all(Array.from({ length: 100 }, (_, i) => ticket(first.booking_id, `many-${i}-${first.booking_id}`)));
    expect(distinct.filter((r) => r.status === 200)).toHaveLength(1);
    expect(distinct.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await debitsOf(first.booking_id)).toHaveLength(1);

    const second = await hold();
    const key = `one-${second.booking_id}`;
    const same = await Promise.all(Array.from({ length: 20 }, () => ticket(second.booking_id, key)));
    const ok = same.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json).toEqual(ok[0]!.json);
    expect(same.every((r) => r.status === 200 || r.json.error.code === "IDEMPOTENCY_REQUEST_IN_PROGRESS")).toBe(true);
    const replay = await ticket(second.booking_id, key);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(await debitsOf(second.booking_id)).toHaveLength(1);
  });

  it("releases and expires on the clock: the airline's reservation cancelled, no money moved, events", async () => {
    const balance = async () => (await api.post("/api/v1/wallet/balance", {})).json.balance_paise as number;
    const before = await balance();
    const released = await hold();
    const res = await api.post("/api/v1/flight/booking/release", { booking_id: released.booking_id });
    expect([res.status, res.json.status]).toEqual([200, "RELEASED"]);
    expect((await airline.findReservation(released.booking_id))?.status).toBe("CANCELLED");

    const expiring = await hold();
    const limit = Date.parse(expiring.ticket_time_limit);
    clock.set(new Date(limit - 2 * HOUR + 1_000));
    await eventually(async () => (eventsOf(expiring.booking_id).includes("booking.hold_expiring") ? true : undefined));
    expect((await status(expiring.booking_id)).status).toBe("HELD");
    clock.set(new Date(limit + 1_000));
    const expired = await eventually(async () => {
      const b = await status(expiring.booking_id);
      return b.status === "EXPIRED" ? b : undefined;
    });
    expect(expired.debited_paise).toBe(0);
    expect((await airline.findReservation(expiring.booking_id))?.status).toBe("CANCELLED");
    await eventually(async () => (eventsOf(expiring.booking_id).includes("booking.expired") ? true : undefined));
    expect(eventsOf(expiring.booking_id)).toEqual(["booking.pending", "booking.held", "booking.hold_expiring", "booking.expired"]);
    expect(eventsOf(released.booking_id)).toEqual(["booking.pending", "booking.held", "booking.released"]);
    expect(await balance()).toBe(before);
  });

  it("answers 410 BOOKING_HOLD_EXPIRED when the airline dropped the hold (AI9701); the booking ends EXPIRED", async () => {
    const held = await hold(flight("9701"));
    clock.advance(31 * 60_000);
    const res = await ticket(held.booking_id, `drop-${held.booking_id}`);
    expect([res.status, res.json.error.code]).toEqual([410, "BOOKING_HOLD_EXPIRED"]);
    expect((await status(held.booking_id)).status).toBe("EXPIRED");
    expect(await debitsOf(held.booking_id)).toEqual([]);
  });

  it("settles a ticketing call that crashed after the airline's answer with the sweep: one capture, BOOKED", async () => {
    const held = await hold();
    crashArmed = true;
    const crashed = await ticket(held.booking_id, `crash-${held.booking_id}`);
    crashArmed = false;
    expect(crashed.status).toBe(500);
    expect((await status(held.booking_id)).status).toBe("HELD");
    clock.advance(61_000);
    const settled = await eventually(async () => {
      const b = await status(held.booking_id);
      return b.status === "BOOKED" || b.status === "TICKETED" ? b : undefined;
    });
    expect(settled.status_history.at(-1).reason).toMatch(/hold sweep|tickets issued/);
    expect(await debitsOf(held.booking_id)).toHaveLength(1);
    // The client's retry under its key answers what the sweep completed (ticketing may have followed by then).
    const retry = await ticket(held.booking_id, `crash-${held.booking_id}`);
    expect(retry.status).toBe(200);
    expect(["BOOKED", "TICKETED"]).toContain(retry.json.status);
    expect(await debitsOf(held.booking_id)).toHaveLength(1);
  });

  it("hides a hold from another agent: it cannot read, ticket or release it", async () => {
    const held = await hold();
    const other = await onboardAgent(stack, "Other Holds Travels", "ops@other-holds.example");
    const them = apiClient(stack.gatewayUrl, other.apiKey);
    const read = await them.post("/api/v1/flight/booking/status", { booking_id: held.booking_id });
    const ticketed = await them.post("/api/v1/flight/booking/ticket", { booking_id: held.booking_id }, { "idempotency-key": "theirs" });
    const released = await them.post("/api/v1/flight/booking/release", { booking_id: held.booking_id });
    expect([read.status, ticketed.status, released.status]).toEqual([404, 404, 404]);
    expect((await status(held.booking_id)).status).toBe("HELD");
  });
});
