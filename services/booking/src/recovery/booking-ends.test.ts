import { create } from "@bufbuild/protobuf";
import { DomainError } from "@tarmac/kernel";
import { failureOf } from "@tarmac/kernel/testing";
import {
  BookingStatus,
  CancellationType,
  ConfirmCancellationRequestSchema,
  ReasonCode,
  Payment,
  QuoteCancellationRequestSchema,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { HOLD_CHECK_INTERVAL_MS } from "../domain/booking.js";
import { adult, AGENT, bookingHarness, createRequest, NET_FARE, type BookingHarness } from "../testing/booking-harness.js";
import { decorateOnce, InjectedCrash } from "../testing/decorate-once.js";
import { handlerContext as context } from "../testing/service-calls.js";
import { TICKETING_DEADLINE_MS } from "../ticketing/ticketing-worker.js";

/** Issue: every booking reaches a final or actionable state within a bounded time, visibly. */

const SWEEP_MS = 2_000;
const voluntary = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

async function booked(h: BookingHarness): Promise<string> {
  const res = await h.service.createBooking(createRequest(), context());
  expect(res.status).toBe(BookingStatus.BOOKED);
  return res.bookingId;
}

const eventTypes = async (h: BookingHarness) => (await h.outbox.pending(100)).map((e) => e.type);

describe("a paid booking the airline does not ticket", () => {
  it("fails and is refunded once when the airline no longer has the reservation", async () => {
    const h = bookingHarness();
    const before = h.wallet.balance;
    const id = await booked(h);
    h.airline.reservations.delete(id);
    await h.ticketing.run();
    h.clock.advance(SWEEP_MS);
    await h.ticketing.run();
    const failed = (await h.store.get(id))!;
    expect(failed.status).toBe("FAILED");
    expect(failed.statusHistory.at(-1)!.reason).toMatch(/no longer has reservation \w+; 8600\.00 INR credited back/);
    expect(failed.failure?.code).toBe("PROVIDER_REJECTED");
    expect(h.wallet.balance).toBe(before);
    expect([...h.wallet.credits.entries()]).toEqual([[id, NET_FARE]]);
    expect(await eventTypes(h)).toContain("booking.failed");
  });

  it("fails and is refunded when the airline cancelled the reservation before ticketing", async () => {
    const h = bookingHarness();
    const before = h.wallet.balance;
    const id = await booked(h);
    const reservation = h.airline.reservations.get(id)!;
    h.airline.reservations.set(id, { ...reservation, status: "CANCELLED", failureReason: "flight withdrawn" });
    await h.ticketing.run();
    const failed = (await h.store.get(id))!;
    expect(failed.status).toBe("FAILED");
    expect(failed.statusHistory.at(-1)!.reason).toContain("the airline cancelled reservation");
    expect(failed.statusHistory.at(-1)!.reason).toContain("flight withdrawn");
    expect(h.wallet.balance).toBe(before);
  });

  it("releases and refunds a booking the airline has not ticketed by the ticketing deadline, and not before", async () => {
    const h = bookingHarness();
    const before = h.wallet.balance;
    const id = await booked(h);
    h.clock.advance(TICKETING_DEADLINE_MS - 60_000);
    await h.ticketing.run();
    expect((await h.store.get(id))!.status).toBe("BOOKED");
    h.clock.advance(5 * 60_000);
    await h.ticketing.run();
    const failed = (await h.store.get(id))!;
    expect(failed.status).toBe("FAILED");
    expect(failed.statusHistory.at(-1)!.reason).toContain("did not ticket within 2 hours");
    expect(h.airline.reservations.get(id)!.status).toBe("CANCELLED");
    expect(h.wallet.balance).toBe(before);
  });
});

describe("a create whose wallet hold is refused", () => {
  it("ends FAILED with nothing held when the wallet has no account for the agency", async () => {
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        wallet: decorateOnce(w.wallet, "hold", () =>
          Promise.reject(new DomainError("WALLET_ACCOUNT_NOT_FOUND", `No wallet account for agent ${AGENT}`)),
        ),
      }),
    });
    const failure = await failureOf(h.service.createBooking(createRequest(), context()));
    expect(failure.code).toBe("WALLET_ACCOUNT_NOT_FOUND");
    const [failed] = await h.store.listByStatus("FAILED", new Date("2030-01-01"), 10);
    expect(failed?.statusHistory.map((c) => c.status)).toEqual(["PENDING", "FAILED"]);
    expect(h.airline.reserveCalls).toEqual([]);
    expect(await h.store.listByStatus("PENDING", new Date("2030-01-01"), 10)).toEqual([]);
  });

  it("lets the recovery sweep end a PENDING booking whose wallet account is missing instead of retrying for ever", async () => {
    let holds = 0;
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        wallet: {
          ...w.wallet,
          // The create dies at its hold; from then on the wallet knows no account for the agency.
          hold: () => Promise.reject(++holds === 1 ? new InjectedCrash() : new DomainError("WALLET_ACCOUNT_NOT_FOUND", "no account")),
        },
      }),
    });
    await expect(h.service.createBooking(createRequest(), context())).rejects.toBeInstanceOf(InjectedCrash);
    const [pending] = await h.store.listByStatus("PENDING", new Date("2030-01-01"), 10);
    h.clock.advance(61_000);
    await h.recovery.run();
    const failed = (await h.store.get(pending!.bookingId))!;
    expect(failed.status).toBe("FAILED");
    expect(h.wallet.held).toBe(0);
    expect(h.airline.reservations.get(failed.bookingId)?.status ?? "CANCELLED").toBe("CANCELLED");
  });
});

describe("a hold the airline dropped", () => {
  it("ends EXPIRED with the event within one check interval, long before its ticket time limit", async () => {
    const h = bookingHarness();
    const res = await h.service.createBooking(createRequest({ payment: Payment.HOLD }), context());
    const id = res.bookingId;
    h.clock.advance(SWEEP_MS);
    await h.holdSweep.run();
    expect((await h.store.get(id))!.status).toBe("HELD");
    h.airline.dropHold(id);
    for (let t = 0; t <= HOLD_CHECK_INTERVAL_MS + SWEEP_MS; t += SWEEP_MS) {
      h.clock.advance(SWEEP_MS);
      await h.holdSweep.run();
    }
    const expired = (await h.store.get(id))!;
    expect(expired.status).toBe("EXPIRED");
    expect(expired.statusHistory.at(-1)!.reason).toContain("the airline dropped the hold");
    expect(await eventTypes(h)).toContain("booking.expired");
    expect(h.wallet.calls).toEqual([]);
  });

  it("keeps a hold the airline still holds HELD, its updated_at untouched by the checks", async () => {
    const h = bookingHarness();
    const res = await h.service.createBooking(createRequest({ payment: Payment.HOLD }), context());
    const before = (await h.store.get(res.bookingId))!;
    for (let i = 0; i < 3; i++) {
      h.clock.advance(HOLD_CHECK_INTERVAL_MS + SWEEP_MS);
      await h.holdSweep.run();
    }
    const after = (await h.store.get(res.bookingId))!;
    expect(after.status).toBe("HELD");
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.statusHistory).toEqual(before.statusHistory);
    expect(after.hold?.checkedAt).toEqual(h.clock.now());
  });
});

describe("a create that gives up on a peer", () => {
  it("is settled by the recovery sweep within seconds, and a retry under the key is told when to come back meanwhile", async () => {
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        // The wallet took the hold but its answer never came back in time.
        wallet: decorateOnce(w.wallet, "hold", async (call) => {
          await call();
          throw new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry");
        }),
      }),
    });
    const request = createRequest();
    expect((await failureOf(h.service.createBooking(request, context()))).code).toBe("UNAVAILABLE");
    const retry = await failureOf(h.service.createBooking(request, context()));
    expect([retry.code, retry.retryAfterSeconds]).toEqual(["IDEMPOTENCY_REQUEST_IN_PROGRESS", 2]);
    // Not the 60 s grace: a few seconds and one sweep.
    h.clock.advance(3_000 + SWEEP_MS);
    await h.recovery.run();
    // The airline was never asked: the sweep voids the hold and ends the booking; the retry hears it.
    const answer = await failureOf(h.service.createBooking(request, context()));
    expect(answer.message).toContain("nothing was charged");
    expect([h.wallet.held, h.wallet.captured]).toEqual([0, []]);
    expect((await h.store.listByStatus("FAILED", new Date("2030-01-01"), 10)).length).toBe(1);
  });

  it("is left to the whole grace when the create call crashed outright (nothing could hand it over)", async () => {
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        wallet: decorateOnce(w.wallet, "hold", () => Promise.reject(new InjectedCrash())),
        store: decorateOnce(w.store, "update", () => Promise.reject(new InjectedCrash())),
      }),
    });
    await expect(h.service.createBooking(createRequest(), context())).rejects.toBeInstanceOf(InjectedCrash);
    h.clock.advance(3_000 + SWEEP_MS);
    expect(await h.recovery.run()).toBe(0);
    h.clock.advance(60_000);
    expect(await h.recovery.run()).toBe(1);
  });
});

describe("a paid booking failing ticketing while its money moves", () => {
  const quoteCancel = (h: BookingHarness, bookingId: string, passengerIds: string[] = []) =>
    h.service.quoteCancellation(
      create(QuoteCancellationRequestSchema, {
        agentId: AGENT,
        bookingId,
        ...voluntary,
        passengerIds,
      }),
    );
  const confirmCancel = (h: BookingHarness, bookingId: string, passengerIds: string[] = []) =>
    h.service.confirmCancellation(
      create(ConfirmCancellationRequestSchema, {
        agentId: AGENT,
        bookingId,
        ...voluntary,
        passengerIds,
      }),
    );

  it("refuses a cancellation while its credit-back's answer is lost, then finishes: credited exactly once, in full", async () => {
    let lost = false;
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        // The wallet credits, but its answer never comes back.
        wallet: decorateOnce(
          w.wallet,
          "credit",
          async (call) => {
            await call();
            throw new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry");
          },
          () => lost,
        ),
      }),
    });
    const before = h.wallet.balance;
    const id = await booked(h);
    h.airline.ticket(id, "TICKETING_FAILED");
    lost = true;
    await h.ticketing.run();
    const marked = (await h.store.get(id))!;
    expect([marked.status, marked.ticketingFailure?.reason]).toEqual(["BOOKED", "ticketing failed: fare not ticketable"]);
    expect((await failureOf(quoteCancel(h, id))).code).toBe("BOOKING_INVALID_STATE");
    h.clock.advance(SWEEP_MS);
    await h.ticketing.run();
    expect((await h.store.get(id))!.status).toBe("FAILED");
    expect(h.wallet.balance).toBe(before);
    expect([...h.wallet.credits.values()]).toEqual([NET_FARE]);
  });

  it("settles a partial refund still processing at the airline with the rest: FAILED, every refund done, everything back once", async () => {
    const h = bookingHarness({ pax: { adult: 2, child: 0, infant: 0 } });
    const before = h.wallet.balance;
    const { bookingId } = await h.service.createBooking(
      createRequest({ passengers: [adult(1), adult(2, { firstName: "Meera" })] }),
      context(),
    );
    h.airline.refundOutcome = "PROCESSING";
    await quoteCancel(h, bookingId, ["ADT2"]);
    await confirmCancel(h, bookingId, ["ADT2"]);
    h.airline.ticket(bookingId, "TICKETING_FAILED");
    await h.ticketing.run();
    const failed = (await h.store.get(bookingId))!;
    expect(failed.status).toBe("FAILED");
    expect(failed.refunds!.map((r) => r.status)).toEqual(["REFUNDED"]);
    expect(h.wallet.balance).toBe(before);
    expect([...h.wallet.credits.values()].reduce((a, b) => a + b, 0)).toBe(failed.debitPaise);
  });
});

describe("a refund the airline confirmed while the wallet's answer was lost", () => {
  it("is credited once and stays REFUNDED whatever the airline answers later", async () => {
    let lost = false;
    const h = bookingHarness({
      decorate: (w) => ({
        ...w,
        wallet: decorateOnce(
          w.wallet,
          "credit",
          async (call) => {
            await call();
            throw new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry");
          },
          () => lost,
        ),
      }),
    });
    const id = await booked(h);
    h.airline.ticket(id, "TICKETED");
    await h.ticketing.run();
    lost = true;
    const fields = { agentId: AGENT, bookingId: id, ...voluntary };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, fields)).catch(() => undefined);
    const credited = [...h.wallet.credits.values()];
    expect(credited).toHaveLength(1);
    // The airline now says otherwise (its systems changed their mind): the refund it confirmed stands.
    h.airline.refundOutcome = "REJECTED";
    for (let i = 0; i < 3; i++) {
      h.clock.advance(60_000);
      await h.ticketing.run();
      await h.recovery.run();
    }
    const booking = (await h.store.get(id))!;
    expect(booking.status).toBe("REFUNDED");
    expect(booking.refunds!.map((r) => r.status)).toEqual(["REFUNDED"]);
    expect([...h.wallet.credits.values()]).toEqual(credited);
  });
});
