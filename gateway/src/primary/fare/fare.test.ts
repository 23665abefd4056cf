import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  GetSeatMapResponseSchema,
  SeatPosition,
  ValidateFareResponseSchema,
  RequiredAt,
  type GetSeatMapRequest,
  type ValidateFareRequest,
} from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { searchPage } from "../../testing/canned-offers.js";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const offer = searchPage().results[0]!;
const validateBody = { search_id: offer.searchId, signature: offer.signature, pax: { adult: 1 } };
const seatMapBody = { search_id: offer.searchId, signature: offer.signature, fare_token: "ft_1", provider: "SANDBOX" };

const post = (url: string, body: unknown, key: string = keys.bookOnly) =>
  gateway.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(body),
  });

function fakeFare(seen: { validate: ValidateFareRequest[]; seatMap: GetSeatMapRequest[] }, changed = false): FakeServices["fare"] {
  return {
    validateFare(request) {
      seen.validate.push(request);
      return create(ValidateFareResponseSchema, {
        fareToken: "ft_1",
        offer,
        priceChanged: changed,
        previousPricePaise: changed ? offer.bestPricePaise - 5_000n : 0n,
        lockedUntil: { seconds: 1_800_000_000n },
        requirements: {
          international: true,
          passengers: [
            {
              passengerType: "ADT",
              dateOfBirth: RequiredAt.BOOK,
              passport: { requiredAt: RequiredAt.BOOK, minExpiryDate: "2027-06-22" },
              pan: RequiredAt.TICKET,
            },
          ],
          gst: RequiredAt.UNSPECIFIED,
        },
      });
    },
    getSeatMap(request) {
      seen.seatMap.push(request);
      return create(GetSeatMapResponseSchema, {
        searchId: request.searchId,
        signature: request.signature,
        provider: "SANDBOX",
        currency: "INR",
        segments: [
          {
            segmentIndex: 0,
            origin: "DEL",
            dest: "BOM",
            seatmap: [
              {
                row: 1,
                seats: [
                  {
                    seat: "1A",
                    available: true,
                    pricePaise: 45_000n,
                    ancillaryId: "SEAT-0-1A",
                    ancillaryToken: "at_1",
                    position: SeatPosition.WINDOW,
                    extraLegroom: true,
                  },
                ],
              },
            ],
          },
        ],
        passengerAncillaries: [{ paxId: "ADT1", ancillaryTokens: ["at_1"] }],
      });
    },
  };
}

describe("POST /api/v1/flight/fare/validate", () => {
  it("locks the fare for the caller with the default passengers filled in, and omits segment cabins", async () => {
    const seen = { validate: [] as ValidateFareRequest[], seatMap: [] as GetSeatMapRequest[] };
    gateway = await testApp({ fare: fakeFare(seen) });
    const res = await post("/api/v1/flight/fare/validate", { search_id: offer.searchId, signature: offer.signature });
    expect(res.statusCode, res.body).toBe(200);
    expect(seen.validate[0]).toMatchObject({ agentId: AGENT_ID, searchId: offer.searchId, pax: { adult: 1, child: 0, infant: 0 } });
    const body = res.json();
    expect(body).toMatchObject({ fare_token: "ft_1", price_changed: false, locked_until: "2027-01-15T08:00:00.000Z" });
    expect(body.requirements).toEqual({
      international: true,
      passengers: [
        {
          type: "ADT",
          date_of_birth: { required_at: "BOOK" },
          passport: { required_at: "BOOK", min_expiry_date: "2027-06-22" },
          pan: { required_at: "TICKET" },
        },
      ],
      gst: null,
    });
    expect(body).not.toHaveProperty("previous_price_paise");
    expect(body.offer.offer_id).toBe(offer.offerId);
    expect(body.offer.segments[0]).not.toHaveProperty("cabin");
    expect(body.offer.segments[0]).toHaveProperty("booking_class");
  });

  it("says the price changed and what it was", async () => {
    gateway = await testApp({ fare: fakeFare({ validate: [], seatMap: [] }, true) });
    const body = (await post("/api/v1/flight/fare/validate", validateBody)).json();
    expect(body.price_changed).toBe(true);
    expect(body.previous_price_paise).toBe(Number(offer.bestPricePaise) - 5_000);
  });

  it.each([
    [{ signature: "s" }, "search_id", "REQUIRED"],
    [{ search_id: "x" }, "signature", "REQUIRED"],
    [{ ...validateBody, pax: { adult: 0 } }, "pax.adult", "OUT_OF_RANGE"],
    [{ ...validateBody, pax: { adult: 1, child: 10 } }, "pax.child", "OUT_OF_RANGE"],
    [{ ...validateBody, pax: { adults: 1 } }, "pax.adults", "UNKNOWN_FIELD"],
    [{ ...validateBody, fare: 1 }, "fare", "UNKNOWN_FIELD"],
    [{ ...validateBody, signature: "" }, "signature", "OUT_OF_RANGE"],
  ])("rejects %j on %s with %s", async (body, field, code) => {
    gateway = await testApp();
    const envelope = expectEnvelope(await post("/api/v1/flight/fare/validate", body), "VALIDATION_FAILED");
    expect(envelope.error.errors).toEqual([expect.objectContaining({ field, code })]);
  });

  it("answers 403 to a key without the flight.book scope", async () => {
    gateway = await testApp();
    const envelope = expectEnvelope(await post("/api/v1/flight/fare/validate", validateBody, keys.valid), "AUTH_FORBIDDEN");
    expect(envelope.error.message).toContain("flight.book");
  });

  it.each([
    ["PROVIDER_SOLD_OUT", 409, false],
    ["PROVIDER_UNAVAILABLE", 503, true],
    ["PROVIDER_TIMEOUT", 504, true],
  ] as const)("maps %s to %i with the provider block and retryable %s", async (code, status, retryable) => {
    const provider = { name: "SANDBOX", code: "X1", message: "from the airline" };
    gateway = await testApp({
      fare: {
        validateFare() {
          throw toConnectError(new DomainError(code, "refused", { provider }));
        },
      },
    });
    const res = await post("/api/v1/flight/fare/validate", validateBody);
    expect(res.statusCode).toBe(status);
    const envelope = expectEnvelope(res, code);
    expect(envelope.error).toMatchObject({ category: "PROVIDER", retryable, provider });
  });
});

describe("POST /api/v1/flight/fare/seatmap", () => {
  it("answers the seat map of API guide, Fare validation and seat maps in JSON, paise as integers", async () => {
    const seen = { validate: [] as ValidateFareRequest[], seatMap: [] as GetSeatMapRequest[] };
    gateway = await testApp({ fare: fakeFare(seen) });
    const res = await post("/api/v1/flight/fare/seatmap", seatMapBody);
    expect(res.statusCode, res.body).toBe(200);
    expect(seen.seatMap[0]).toMatchObject({ agentId: AGENT_ID, fareToken: "ft_1", provider: "SANDBOX" });
    expect(res.json()).toEqual({
      search_id: offer.searchId,
      signature: offer.signature,
      provider: "SANDBOX",
      currency: "INR",
      segments: [
        {
          segment_index: 0,
          origin: "DEL",
          dest: "BOM",
          seatmap: [
            {
              row: 1,
              seats: [
                {
                  seat: "1A",
                  available: true,
                  price_paise: 45_000,
                  ancillary_id: "SEAT-0-1A",
                  ancillary_token: "at_1",
                  position: "WINDOW",
                  exit_row: false,
                  extra_legroom: true,
                },
              ],
            },
          ],
        },
      ],
      passenger_ancillaries: [{ pax_id: "ADT1", ancillary_tokens: ["at_1"] }],
    });
  });

  it("names every missing field", async () => {
    gateway = await testApp();
    const envelope = expectEnvelope(await post("/api/v1/flight/fare/seatmap", {}), "VALIDATION_FAILED");
    expect(envelope.error.errors!.map((e) => e.field)).toEqual(["search_id", "signature", "fare_token", "provider"]);
  });

  it.each(["BOOKING_FARE_EXPIRED", "BOOKING_FARE_TOKEN_INVALID"] as const)("passes %s through", async (code) => {
    gateway = await testApp({
      fare: {
        getSeatMap() {
          throw toConnectError(new DomainError(code, "no"));
        },
      },
    });
    expectEnvelope(await post("/api/v1/flight/fare/seatmap", seatMapBody), code);
  });
});
