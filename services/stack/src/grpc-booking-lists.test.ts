import { status as GrpcStatus } from "@grpc/grpc-js";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookableFare, createRequest } from "./testing/bookable-fare.js";
import { startClockedServices, type ClockedServices } from "./testing/clocked-services.js";
import { GrpcJsBooking } from "./testing/grpc-js-booking.js";

interface Listed {
  bookings: { booking_id: string; status: string; created_at: { seconds: string } }[];
  next_cursor: string;
}

describe("ListBookings, lookup by key and keyed cancellation over real gRPC (@grpc/grpc-js, proto-loader)", () => {
  let s: ClockedServices;
  let c: GrpcJsBooking;
  const made: string[] = [];
  beforeAll(async () => {
    s = await startClockedServices();
    c = new GrpcJsBooking(s.booking.url);
    for (let i = 0; i < 5; i++) {
      const fare = await bookableFare(s);
      made.push((await c.call<{ booking_id: string }>("CreateBooking", createRequest(fare, `list-${i}`))).booking_id);
      s.clock.advance(1_000);
    }
  });
  afterAll(async () => {
    c?.close();
    await s?.stop();
  });

  it("pages newest first with a signed cursor, filters by status and created range", async () => {
    const seen: string[] = [];
    let page = await c.call<Listed>("ListBookings", { agent_id: DEMO_AGENT_ID, page_size: 2 });
    seen.push(...page.bookings.map((b) => b.booking_id));
    while (page.next_cursor !== "") {
      expect(page.bookings).toHaveLength(2);
      page = await c.call<Listed>("ListBookings", { agent_id: DEMO_AGENT_ID, page_size: 2, cursor: page.next_cursor });
      seen.push(...page.bookings.map((b) => b.booking_id));
    }
    expect(seen).toEqual([...made].reverse());
    const none = await c.call<Listed>("ListBookings", { agent_id: DEMO_AGENT_ID, status: "BOOKING_STATUS_REFUNDED" });
    expect(none.bookings).toEqual([]);
    const after = new Date(s.clock.now().getTime() + 60_000);
    const future = await c.call<Listed>("ListBookings", {
      agent_id: DEMO_AGENT_ID,
      created_from: { seconds: Math.floor(after.getTime() / 1000) },
    });
    expect(future.bookings).toEqual([]);
    const forged = await c.failure("ListBookings", { agent_id: "agt_other", cursor: "abc" });
    expect([forged.status, forged.code]).toEqual([GrpcStatus.INVALID_ARGUMENT, "VALIDATION_FAILED"]);
  });

  it("finds a booking by its idempotency key, and replays a keyed cancellation confirm", async () => {
    const found = await c.call<{ booking: { booking_id: string } }>("GetBooking", { agent_id: DEMO_AGENT_ID, idempotency_key: "list-3" });
    expect(found.booking.booking_id).toBe(made[3]);
    const terms = {
      agent_id: DEMO_AGENT_ID,
      booking_id: made[3],
      reason_code: "REASON_CODE_CUSTOMER_REQUEST",
      cancellation_type: "CANCELLATION_TYPE_VOLUNTARY",
    };
    await c.call("QuoteCancellation", terms);
    const first = await c.call<{ replayed: boolean; refund_amount_paise: string }>("ConfirmCancellation", {
      ...terms,
      idempotency_key: "cancel-3",
    });
    const again = await c.call("ConfirmCancellation", { ...terms, idempotency_key: "cancel-3" });
    expect(again).toEqual({ ...first, replayed: true });
    const reused = await c.failure("ConfirmCancellation", { ...terms, booking_id: made[2], idempotency_key: "cancel-3" });
    expect([reused.status, reused.code]).toEqual([GrpcStatus.FAILED_PRECONDITION, "IDEMPOTENCY_KEY_REUSED"]);
  });
});
