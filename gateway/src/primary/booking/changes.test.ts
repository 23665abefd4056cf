import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  CancellationType,
  ConfirmCancellationResponseSchema,
  ConfirmRescheduleResponseSchema,
  QuoteCancellationResponseSchema,
  QuoteRescheduleResponseSchema,
  ReasonCode,
  RefundStatus,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/flight/booking/${url}`,
    headers: { "content-type": "application/json", "x-api-key": keys.changes, ...headers },
    payload: JSON.stringify(payload),
  });

const cancelBody = { booking_id: "bkg_1", reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };
const seen: unknown[] = [];
const fakeBooking: FakeServices["booking"] = {
  quoteCancellation(request) {
    seen.push(request);
    return create(QuoteCancellationResponseSchema, {
      bookingId: request.bookingId,
      airlinePenaltyPaise: 150_000n,
      otaFeePaise: 25_000n,
      refundAmountPaise: 700_000n,
      currency: "INR",
      quoteValidUntil: { seconds: 1_800_000_600n },
    });
  },
  confirmCancellation(request) {
    seen.push(request);
    return create(ConfirmCancellationResponseSchema, {
      bookingId: request.bookingId,
      airlinePenaltyPaise: 150_000n,
      otaFeePaise: 25_000n,
      refundAmountPaise: 700_000n,
      currency: "INR",
      cancellationId: "cx_1",
      refundId: "rfd_1",
      refundStatus: RefundStatus.REFUNDED,
    });
  },
  quoteReschedule(request) {
    seen.push(request);
    return create(QuoteRescheduleResponseSchema, {
      bookingId: request.bookingId,
      fareDifferencePaise: 100_000n,
      airlineChangeFeePaise: 50_000n,
      otaFeePaise: 25_000n,
      totalPayablePaise: 175_000n,
      currency: "INR",
      quoteValidUntil: { seconds: 1_800_000_600n },
    });
  },
  confirmReschedule(request) {
    seen.push(request);
    return create(ConfirmRescheduleResponseSchema, {
      bookingId: request.bookingId,
      fareDifferencePaise: 100_000n,
      changePenaltyPaise: 75_000n,
      newTotalPaise: 1_000_000n,
      currency: "INR",
    });
  },
};

describe("cancellation and reschedule routes", () => {
  it("quotes and confirms a cancellation (API guide, Cancellation and reschedule), the confirm idempotent", async () => {
    gateway = await testApp({ booking: fakeBooking });
    const quote = await post("cancel/quote", cancelBody);
    expect(quote.json()).toEqual({
      booking_id: "bkg_1",
      airline_penalty_paise: 150_000,
      ota_fee_paise: 25_000,
      refund_amount_paise: 700_000,
      currency: "INR",
      quote_valid_until: "2027-01-15T08:10:00.000Z",
      items: [],
      stays_booked: [],
      void_eligible_until: null,
    });
    expect(seen.at(-1)).toMatchObject({
      agentId: AGENT_ID,
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
      cancellationType: CancellationType.VOLUNTARY,
    });
    expectEnvelope(await post("cancel/confirm", cancelBody), "IDEMPOTENCY_KEY_REQUIRED");
    const confirm = await post("cancel/confirm", cancelBody, { "idempotency-key": "c1" });
    // The key goes on to booking, which replays under it too (a retry the gateway's own record missed).
    expect(seen.at(-1)).toMatchObject({ bookingId: "bkg_1", idempotencyKey: "c1" });
    expect(confirm.json()).toEqual({
      booking_id: "bkg_1",
      airline_penalty_paise: 150_000,
      ota_fee_paise: 25_000,
      refund_amount_paise: 700_000,
      currency: "INR",
      items: [],
      stays_booked: [],
      cancellation_id: "cx_1",
      refund_id: "rfd_1",
      refund_status: "REFUNDED",
    });
    expect((await post("cancel/confirm", cancelBody, { "idempotency-key": "c1" })).headers["idempotent-replayed"]).toBe("true");
  });

  it("quotes and confirms a reschedule (API guide, Cancellation and reschedule)", async () => {
    gateway = await testApp({ booking: fakeBooking });
    const quote = await post("reschedule/quote", { booking_id: "bkg_1", new_offer_id: "off_2", reason_code: "SCHEDULE_CHANGE" });
    expect(quote.json()).toMatchObject({
      fare_difference_paise: 100_000,
      airline_change_fee_paise: 50_000,
      ota_fee_paise: 25_000,
      total_payable_paise: 175_000,
    });
    const confirm = await post("reschedule/confirm", { booking_id: "bkg_1" }, { "idempotency-key": "r1" });
    expect(seen.at(-1)).toMatchObject({ agentId: AGENT_ID, bookingId: "bkg_1", idempotencyKey: "r1" });
    expect(confirm.json()).toEqual({
      booking_id: "bkg_1",
      fare_difference_paise: 100_000,
      change_penalty_paise: 75_000,
      new_total_paise: 1_000_000,
      currency: "INR",
    });
  });

  it.each([
    ["cancel/quote", { ...cancelBody, cancellation_type: "MAYBE" }, "cancellation_type", "INVALID_VALUE"],
    ["cancel/quote", { booking_id: "bkg_1", cancellation_type: "VOLUNTARY" }, "reason_code", "REQUIRED"],
    ["reschedule/quote", { booking_id: "bkg_1", reason_code: "OTHER" }, "new_offer_id", "REQUIRED"],
    ["reschedule/confirm", { booking_id: "bkg_1", new_offer_id: "x" }, "new_offer_id", "UNKNOWN_FIELD"],
  ])("%s rejects %j on %s", async (url, body, field, code) => {
    gateway = await testApp({ booking: fakeBooking });
    const envelope = expectEnvelope(await post(url, body, { "idempotency-key": "k" }), "VALIDATION_FAILED");
    expect(envelope.error.errors).toEqual([expect.objectContaining({ field, code })]);
  });

  it("needs flight.cancel and flight.reschedule", async () => {
    gateway = await testApp({ booking: fakeBooking });
    expectEnvelope(await post("cancel/quote", cancelBody, { "x-api-key": keys.bookOnly }), "AUTH_FORBIDDEN");
    expectEnvelope(
      await post("reschedule/quote", { booking_id: "b", new_offer_id: "o", reason_code: "OTHER" }, { "x-api-key": keys.bookOnly }),
      "AUTH_FORBIDDEN",
    );
  });

  it("passes BOOKING_QUOTE_EXPIRED and 402 through", async () => {
    gateway = await testApp({
      booking: {
        confirmCancellation() {
          throw toConnectError(new DomainError("BOOKING_QUOTE_EXPIRED", "quote again"));
        },
        confirmReschedule() {
          throw toConnectError(new DomainError("WALLET_INSUFFICIENT_FUNDS", "Available 1.00 INR"));
        },
      },
    });
    expectEnvelope(await post("cancel/confirm", cancelBody, { "idempotency-key": "k" }), "BOOKING_QUOTE_EXPIRED");
    expectEnvelope(await post("reschedule/confirm", { booking_id: "bkg_1" }, { "idempotency-key": "k2" }), "WALLET_INSUFFICIENT_FUNDS");
  });
});
