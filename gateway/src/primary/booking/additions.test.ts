import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  AncillaryKind,
  ConfirmAncillaryAdditionResponseSchema,
  ExtraSource,
  QuoteAncillaryAdditionResponseSchema,
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
    url: `/api/v1/flight/booking/ancillaries/${url}`,
    headers: { "content-type": "application/json", "x-api-key": keys.bookOnly, ...headers },
    payload: JSON.stringify(payload),
  });

const meal = { kind: AncillaryKind.MEAL, code: "VGML", description: "Vegetarian meal", weightKg: 0 };
const seen: unknown[] = [];
let confirms = 0;
const fakeBooking: FakeServices["booking"] = {
  quoteAncillaryAddition(request) {
    seen.push(request);
    return create(QuoteAncillaryAdditionResponseSchema, {
      bookingId: request.bookingId,
      currency: "INR",
      tokensValidUntil: { seconds: 1_800_000_900n },
      passengers: [
        {
          paxId: "ADT1",
          segments: [
            {
              segmentIndex: 0,
              options: [
                { ...meal, pricePaise: 40_000n, maxQuantity: 2, heldQuantity: 1, ancillaryId: "MEAL-0-VGML", ancillaryToken: "at_1" },
              ],
            },
          ],
        },
      ],
      selected: request.selections.map((s) => ({
        ...meal,
        ancillaryToken: s.ancillaryToken,
        ancillaryId: "MEAL-0-VGML",
        paxId: "ADT1",
        segmentIndex: 0,
        quantity: s.quantity,
        unitPricePaise: 40_000n,
        pricePaise: 40_000n * BigInt(s.quantity),
      })),
      totalPaise: request.selections.reduce((sum, s) => sum + 40_000n * BigInt(s.quantity), 0n),
    });
  },
  confirmAncillaryAddition(request) {
    seen.push(request);
    confirms++;
    return create(ConfirmAncillaryAdditionResponseSchema, {
      bookingId: request.bookingId,
      currency: "INR",
      additionId: "add_1",
      debitedPaise: 40_000n,
      items: [
        {
          ...meal,
          paxId: "ADT1",
          segmentIndex: 0,
          quantity: 1,
          unitPricePaise: 40_000n,
          pricePaise: 40_000n,
          ancillaryId: "MEAL-0-VGML",
          source: ExtraSource.ADDED,
          emdNumber: "0988123456789",
          addedAt: { seconds: 1_800_000_000n },
          additionId: "add_1",
        },
      ],
    });
  },
};

describe("baggage and meals after ticketing routes", () => {
  it("quotes options and a selection's total, and confirms once under an Idempotency-Key", async () => {
    gateway = await testApp({ booking: fakeBooking });
    const quote = await post("quote", { booking_id: "bkg_1", selections: [{ ancillary_token: "at_1" }] });
    expect(quote.statusCode).toBe(200);
    expect(seen.at(-1)).toMatchObject({ agentId: AGENT_ID, bookingId: "bkg_1", selections: [{ ancillaryToken: "at_1", quantity: 1 }] });
    expect(quote.json()).toMatchObject({
      tokens_valid_until: "2027-01-15T08:15:00.000Z",
      passengers: [
        {
          pax_id: "ADT1",
          segments: [{ segment_index: 0, options: [{ code: "VGML", held_quantity: 1, refundable_on_voluntary_cancellation: false }] }],
        },
      ],
      selected: [{ code: "VGML", quantity: 1, price_paise: 40_000 }],
      total_paise: 40_000,
    });
    const body = { booking_id: "bkg_1", selections: [{ ancillary_token: "at_1", quantity: 1 }] };
    expectEnvelope(await post("confirm", body), "IDEMPOTENCY_KEY_REQUIRED");
    const confirmed = await post("confirm", body, { "idempotency-key": "a1" });
    expect(seen.at(-1)).toMatchObject({ idempotencyKey: "a1" });
    expect(confirmed.json()).toEqual({
      booking_id: "bkg_1",
      currency: "INR",
      addition_id: "add_1",
      debited_paise: 40_000,
      items: [
        {
          pax_id: "ADT1",
          segment_index: 0,
          kind: "MEAL",
          code: "VGML",
          description: "Vegetarian meal",
          quantity: 1,
          weight_kg: 0,
          unit_price_paise: 40_000,
          price_paise: 40_000,
          ancillary_id: "MEAL-0-VGML",
          source: "ADDED",
          emd_number: "0988123456789",
          added_at: "2027-01-15T08:00:00.000Z",
          addition_id: "add_1",
          refundable_on_voluntary_cancellation: false,
          status: "OPEN",
        },
      ],
    });
    const before = confirms;
    expect((await post("confirm", body, { "idempotency-key": "a1" })).headers["idempotent-replayed"]).toBe("true");
    expect(confirms).toBe(before);
  });

  it.each([
    ["quote", {}, "booking_id", "REQUIRED"],
    ["confirm", { booking_id: "bkg_1", selections: [] }, "selections", "OUT_OF_RANGE"],
    ["confirm", { booking_id: "bkg_1", selections: [{ ancillary_token: "at_1", quantity: 0 }] }, "selections[0].quantity", "OUT_OF_RANGE"],
    ["quote", { booking_id: "bkg_1", selections: [{ quantity: 1 }] }, "selections[0].ancillary_token", "REQUIRED"],
  ])("%s rejects %j on %s", async (url, body, field, code) => {
    gateway = await testApp({ booking: fakeBooking });
    const envelope = expectEnvelope(await post(url, body, { "idempotency-key": "k" }), "VALIDATION_FAILED");
    expect(envelope.error.errors).toEqual([expect.objectContaining({ field, code })]);
  });

  it("passes the booking service's refusals through: field errors, 404 for another agency's booking, 402", async () => {
    gateway = await testApp({
      booking: {
        quoteAncillaryAddition(request) {
          if (request.bookingId === "bkg_theirs") throw toConnectError(new DomainError("BOOKING_NOT_FOUND", "No such booking"));
          throw toConnectError(
            new DomainError("VALIDATION_FAILED", "selections[0].ancillary_token: was issued for another booking", {
              errors: [{ field: "selections[0].ancillary_token", code: "INVALID_VALUE", message: "was issued for another booking" }],
            }),
          );
        },
        confirmAncillaryAddition() {
          throw toConnectError(new DomainError("WALLET_INSUFFICIENT_FUNDS", "Available 1.00 INR"));
        },
      },
    });
    const refused = expectEnvelope(
      await post("quote", { booking_id: "bkg_1", selections: [{ ancillary_token: "x" }] }),
      "VALIDATION_FAILED",
    );
    expect(refused.error.errors).toEqual([expect.objectContaining({ field: "selections[0].ancillary_token" })]);
    expectEnvelope(await post("quote", { booking_id: "bkg_theirs" }), "BOOKING_NOT_FOUND");
    const body = { booking_id: "bkg_1", selections: [{ ancillary_token: "at_1" }] };
    expectEnvelope(await post("confirm", body, { "idempotency-key": "p1" }), "WALLET_INSUFFICIENT_FUNDS");
  });

  it("needs flight.book", async () => {
    gateway = await testApp({ booking: fakeBooking });
    expectEnvelope(await post("quote", { booking_id: "bkg_1" }, { "x-api-key": keys.walletOnly }), "AUTH_FORBIDDEN");
  });
});
