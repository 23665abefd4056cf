import { setTimeout as sleep } from "node:timers/promises";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import type { BookingDependencies } from "@tarmac/booking";
import { FARE_LOCK_MS } from "@tarmac/fare";
import { EntryKind, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { bookableFare, createRequest } from "./testing/bookable-fare.js";
import { grpcClientOf, startClockedServices, type ClockedServices } from "./testing/clocked-services.js";
import { GrpcJsBooking } from "./testing/grpc-js-booking.js";

interface Created {
  booking_id: string;
  pnr: string;
  status: string;
  replayed: boolean;
}

/** The airline answers a reservation after 1 s, whatever the caller's deadline: the booking outlives a 250 ms one. */
const slowAirline = (wired: BookingDependencies): BookingDependencies => ({
  ...wired,
  provider: {
    ...wired.provider,
    reserve: async (request) => {
      await sleep(1_000);
      return wired.provider.reserve(request);
    },
  },
});

describe("CreateBooking's idempotency over real gRPC (@grpc/grpc-js, proto-loader)", () => {
  let services: ClockedServices | undefined;
  let client: GrpcJsBooking | undefined;
  afterEach(async () => {
    client?.close();
    await services?.stop();
    services = client = undefined;
  });
  const start = async (options: Parameters<typeof startClockedServices>[0] = {}) => {
    services = await startClockedServices(options);
    client = new GrpcJsBooking(services.booking.url);
    return { s: services, c: client };
  };

  it("answers an identical retry of a booking with a seat with the original booking, replayed, not BOOKING_SEAT_UNAVAILABLE", async () => {
    const { s, c } = await start();
    const fare = await bookableFare(s);
    const request = createRequest(fare, "order-a");
    const first = await c.call<Created>("CreateBooking", request);
    expect(first).toMatchObject({ status: "BOOKING_STATUS_BOOKED", replayed: false });
    const again = await c.call<Created>("CreateBooking", request);
    expect(again).toEqual({ ...first, replayed: true });
    // The seat is taken now (by that booking): a new key for it is refused.
    const other = await c.failure("CreateBooking", { ...request, idempotency_key: "order-a2" });
    expect([other.status, other.code]).toEqual([GrpcStatus.FAILED_PRECONDITION, "BOOKING_SEAT_UNAVAILABLE"]);
  });

  it("lets a retry after a 250 ms client deadline find the booking once it is made, debited once", async () => {
    const { s, c } = await start({ decorateBooking: slowAirline });
    const fare = await bookableFare(s);
    const request = createRequest(fare, "order-b");
    // The channel is connected first, so the 250 ms go to the call itself: it surely reaches the airline's reserve on a
    // loaded machine (40 ms did not always: a flow whose deadline passes before the airline reserves ends FAILED by design).
    await c.call("ListBookings", { agent_id: DEMO_AGENT_ID });
    const late = await c.failure("CreateBooking", request, 250);
    // The client's own deadline, or the service answering just before it (deadline interceptor): no answer in time either way.
    expect([GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.UNAVAILABLE]).toContain(late.status);
    // The flow goes on after the deadline. It finishes by itself, or its next peer call carries the
    // caller's spent deadline and is not started (deadlines propagate): then the booking waits
    // PENDING, with its hold and the airline's reservation, for the recovery sweep. Meanwhile a
    // retry is told it is in progress (ABORTED, retryable).
    const retry = async (): Promise<Created | undefined> => {
      for (let attempt = 0; attempt < 60; attempt++) {
        try {
          return await c.call<Created>("CreateBooking", request);
        } catch (error) {
          expect((error as { code: number }).code).toBe(GrpcStatus.ABORTED);
          await sleep(50);
        }
      }
      return undefined;
    };
    let retried = await retry();
    if (!retried) {
      s.clock.advance(61_000); // RECOVERY_GRACE_SECONDS
      await s.booking.sweepNow();
      retried = await retry();
    }
    if (!retried) throw new Error("the booking was never settled");
    expect(retried).toMatchObject({ status: "BOOKING_STATUS_BOOKED", replayed: true });
    const found = await c.call<{ booking: { booking_id: string } }>("GetBooking", { agent_id: DEMO_AGENT_ID, idempotency_key: "order-b" });
    expect(found.booking.booking_id).toBe(retried.booking_id);
    const statement = await grpcClientOf(WalletService, s.wallet).listStatement({ agentId: DEMO_AGENT_ID, limit: 100 });
    const lines = statement.lines.filter((l) => l.reference === retried.booking_id).map((l) => EntryKind[l.kind]);
    expect(lines.sort()).toEqual(["CAPTURE", "HOLD"]); // one hold, captured once: one debit
    expect(statement.lines.filter((l) => l.kind === EntryKind.CAPTURE)).toHaveLength(1);
  });

  it("answers a retry after the 15-minute fare lock expired with the original booking, not BOOKING_FARE_EXPIRED", async () => {
    const { s, c } = await start();
    const fare = await bookableFare(s);
    const request = createRequest(fare, "order-c");
    const first = await c.call<Created>("CreateBooking", request);
    s.clock.advance(FARE_LOCK_MS + 60_000);
    expect(await c.call<Created>("CreateBooking", request)).toEqual({ ...first, replayed: true });
    const expired = await c.failure("CreateBooking", { ...request, idempotency_key: "order-c2", ancillaries: [] });
    expect(expired.code).toBe("BOOKING_FARE_EXPIRED");
  });

  it("answers the same key with other passengers IDEMPOTENCY_KEY_REUSED (FAILED_PRECONDITION), booking nothing", async () => {
    const { s, c } = await start();
    const fare = await bookableFare(s);
    const request = createRequest(fare, "order-d");
    await c.call<Created>("CreateBooking", request);
    const passengers = [{ ...request.passengers[0], first_name: "Vikram" }];
    const reused = await c.failure("CreateBooking", { ...request, passengers });
    expect([reused.status, reused.code]).toEqual([GrpcStatus.FAILED_PRECONDITION, "IDEMPOTENCY_KEY_REUSED"]);
    const listed = await c.call<{ bookings: unknown[] }>("ListBookings", { agent_id: DEMO_AGENT_ID });
    expect(listed.bookings).toHaveLength(1);
  });
});
