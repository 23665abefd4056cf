import { failureOf } from "@tarmac/kernel/testing";
import { CancellationType, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { adult, AGENT, bookingHarness, createRequest, NET_FARE, SEAT_TOKENS } from "./testing/booking-harness.js";
import { newOffer } from "./testing/new-offer.js";
import { booked, handlerContext as context } from "./testing/service-calls.js";

const terms = { reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };

describe("CreateBooking: the idempotency key first", () => {
  it("answers IDEMPOTENCY_KEY_REUSED (422) to the same key with other passengers, seats or fare token, booking nothing", async () => {
    const h = bookingHarness();
    const first = createRequest({ ancillaries: [{ paxId: "ADT1", ancillaryToken: SEAT_TOKENS["2A"] }] });
    await h.service.createBooking(first, context());
    const key = first.idempotencyKey;
    for (const other of [
      createRequest({ idempotencyKey: key, passengers: [adult(1, { firstName: "Vikram" })], ancillaries: first.ancillaries }),
      createRequest({ idempotencyKey: key }),
      createRequest({ idempotencyKey: key, fareToken: "ft_other", ancillaries: first.ancillaries }),
    ]) {
      const failure = await failureOf(h.service.createBooking(other, context()));
      expect([failure.code, failure.status]).toEqual(["IDEMPOTENCY_KEY_REUSED", 422]);
    }
    expect(h.wallet.captured).toHaveLength(1);
  });

  it("replays the booking after its seat is taken (by itself) and after the clock passed the lock", async () => {
    const h = bookingHarness();
    const request = createRequest({ ancillaries: [{ paxId: "ADT1", ancillaryToken: SEAT_TOKENS["2A"] }] });
    const first = await h.service.createBooking(request, context());
    h.clock.advance(16 * 60_000);
    const again = await h.service.createBooking(request, context());
    expect(again).toEqual({ ...first, replayed: true });
    expect(h.airline.reserveCalls).toHaveLength(1);
  });

  it("finds a booking by the idempotency key it was created with (GetBooking), with its id too, only the agent's", async () => {
    const h = bookingHarness();
    const request = createRequest();
    const { bookingId } = await h.service.createBooking(request, context());
    const byKey = await h.service.getBooking({ agentId: AGENT, idempotencyKey: request.idempotencyKey } as never);
    expect(byKey.booking?.bookingId).toBe(bookingId);
    expect(
      (await h.service.getBooking({ agentId: AGENT, bookingId, idempotencyKey: request.idempotencyKey } as never)).booking?.bookingId,
    ).toBe(bookingId);
    expect((await failureOf(h.service.getBooking({ agentId: "agt_two", idempotencyKey: request.idempotencyKey } as never))).code).toBe(
      "BOOKING_NOT_FOUND",
    );
    const other = await booked(h);
    const mixed = await failureOf(
      h.service.getBooking({ agentId: AGENT, bookingId: other, idempotencyKey: request.idempotencyKey } as never),
    );
    expect(mixed.errors.map((e) => e.field)).toEqual(["idempotency_key"]);
  });
});

describe("ConfirmCancellation and ConfirmReschedule under an idempotency key", () => {
  it("replays a cancellation's answer, refunding once; another booking or other terms under the key is IDEMPOTENCY_KEY_REUSED", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const confirm = { agentId: AGENT, bookingId, ...terms, idempotencyKey: "cancel-1" };
    const first = await h.service.confirmCancellation(confirm as never);
    const again = await h.service.confirmCancellation(confirm as never);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(h.wallet.calls.filter((c) => c.startsWith("credit"))).toHaveLength(1);
    const otherBooking = await booked(h);
    for (const reused of [
      { ...confirm, bookingId: otherBooking },
      { ...confirm, reasonCode: ReasonCode.MEDICAL },
    ]) {
      expect((await failureOf(h.service.confirmCancellation(reused as never))).code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
    // Without a key, a second confirm says what the booking is now, as before.
    expect((await failureOf(h.service.confirmCancellation({ ...confirm, idempotencyKey: "" } as never))).code).toBe(
      "BOOKING_INVALID_STATE",
    );
  });

  it("answers every one of 10 racing identical keyed confirms with the same figures, refunding once", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const confirm = { agentId: AGENT, bookingId, ...terms, idempotencyKey: "cancel-race" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.service.confirmCancellation(confirm as never)));
    expect(new Set(answers.map((a) => a.refundAmountPaise))).toEqual(new Set([answers[0]!.refundAmountPaise]));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(h.wallet.calls.filter((c) => c.startsWith("credit"))).toHaveLength(1);
  });

  it("replays a reschedule's answer, paying once; the key on a cancellation is IDEMPOTENCY_KEY_REUSED", async () => {
    const h = bookingHarness();
    const bookingId = await booked(h);
    const offerId = newOffer(h, NET_FARE + 100_000);
    await h.service.quoteReschedule({ agentId: AGENT, bookingId, newOfferId: offerId, reasonCode: ReasonCode.CUSTOMER_REQUEST } as never);
    const confirm = { agentId: AGENT, bookingId, idempotencyKey: "change-1" };
    const first = await h.service.confirmReschedule(confirm as never);
    const again = await h.service.confirmReschedule(confirm as never);
    expect(again).toEqual({ ...first, replayed: true });
    expect(h.wallet.captured).toHaveLength(2);
    await h.service.quoteCancellation({ agentId: AGENT, bookingId, ...terms } as never);
    const cancel = { agentId: AGENT, bookingId, ...terms, idempotencyKey: "change-1" };
    expect((await failureOf(h.service.confirmCancellation(cancel as never))).code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});
