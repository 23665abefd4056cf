import { create } from "@bufbuild/protobuf";
import { createHandlerContext, type HandlerContext } from "@connectrpc/connect";
import { createSigner, DomainError, paiseFromProto } from "@tarmac/kernel";
import {
  FareService,
  GetFareLockRequestSchema,
  GetSeatMapRequestSchema,
  ValidateFareRequestSchema,
} from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { PriceOfferResponseSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFareTokenCodec } from "./domain/fare-token.js";
import { FARE_LOCK_MS } from "./fare-service.js";
import { AGENT, fareHarness, offer, PAX, TEST_SECRET, type FareHarness } from "./testing/fare-harness.js";
import { failureOf } from "@tarmac/kernel/testing";

function context(): HandlerContext {
  const method = FareService.method.validateFare;
  return createHandlerContext({ service: FareService, method, protocolName: "test", requestMethod: "POST", url: "http://test/x" });
}

function alter(token: string, at: number): string {
  return `${token.slice(0, at)}${token[at] === "x" ? "y" : "x"}${token.slice(at + 1)}`;
}

describe("FareServiceImpl", () => {
  let h: FareHarness;
  afterEach(() => h?.store.close());

  const validate = (init: { agentId?: string; signature?: string } = {}) =>
    h.service.validateFare(
      create(ValidateFareRequestSchema, { agentId: AGENT, searchId: "srch_0001", signature: "sig_0001", pax: PAX, ...init }),
      context(),
    );
  const lockOf = (fareToken: string, agentId = AGENT, ancillaryTokens: string[] = []) =>
    h.service.getFareLock(create(GetFareLockRequestSchema, { agentId, fareToken, ancillaryTokens }));
  const seatMap = (fareToken: string, init: Partial<{ agentId: string; searchId: string; signature: string; provider: string }> = {}) =>
    h.service.getSeatMap(
      create(GetSeatMapRequestSchema, {
        agentId: AGENT,
        searchId: "srch_0001",
        signature: "sig_0001",
        provider: "SANDBOX",
        fareToken,
        ...init,
      }),
      context(),
    );

  it("locks the live price for 15 minutes behind a fare token booking can resolve", async () => {
    h = fareHarness();
    const res = await validate();
    expect(res.offer).toEqual(offer());
    expect(res.priceChanged).toBe(false);
    expect(res.previousPricePaise).toBe(0n);
    expect(res.lockedUntil!.seconds).toBe(BigInt(Math.floor((h.clock.now().getTime() + FARE_LOCK_MS) / 1000)));
    expect(h.priceCalls[0]).toMatchObject({ agentId: AGENT, searchId: "srch_0001", signature: "sig_0001", pax: PAX });
    const { lock } = await lockOf(res.fareToken);
    expect(lock).toMatchObject({
      fareToken: res.fareToken,
      agentId: AGENT,
      searchId: "srch_0001",
      pax: PAX,
      providerOfferKey: "AI101.DELBOM.20261201/Y",
    });
    expect(lock!.offer).toEqual(offer());
  });

  it("locks a changed price and says what it was", async () => {
    h = fareHarness({
      price: (request) =>
        create(PriceOfferResponseSchema, {
          offer: offer({ bestPricePaise: 950_000n }),
          pax: request.pax!,
          providerOfferKey: "K",
          priceChanged: true,
          previousPricePaise: 900_000n,
        }),
    });
    const res = await validate();
    expect([res.priceChanged, res.previousPricePaise, res.offer!.bestPricePaise]).toEqual([true, 900_000n, 950_000n]);
    const { lock } = await lockOf(res.fareToken);
    expect(paiseFromProto(lock!.offer!.bestPricePaise)).toBe(950_000);
  });

  it("passes search's and the provider's refusals through unchanged and locks nothing", async () => {
    const refusal = new DomainError("PROVIDER_SOLD_OUT", "Sold out", {
      provider: { name: "SANDBOX", code: "NO_SEATS", message: "Closed" },
    });
    h = fareHarness({ price: () => Promise.reject(refusal) });
    const save = vi.spyOn(h.store, "save");
    const failure = await failureOf(validate());
    expect([failure.code, failure.status, failure.provider]).toEqual(["PROVIDER_SOLD_OUT", 409, refusal.provider]);
    expect(save).not.toHaveBeenCalled();
  });

  it("names missing fields", async () => {
    h = fareHarness();
    const failure = await failureOf(h.service.validateFare(create(ValidateFareRequestSchema, {}), context()));
    expect(failure.errors.map((e) => [e.field, e.code])).toEqual([
      ["agent_id", "REQUIRED"],
      ["search_id", "REQUIRED"],
    ]);
  });

  it("validates by offer id alone, without search_id (secondary surface), locking the offer's search", async () => {
    h = fareHarness();
    const res = await h.service.validateFare(
      create(ValidateFareRequestSchema, { agentId: AGENT, offerId: "off_0001", pax: PAX }),
      context(),
    );
    expect(h.priceCalls[0]).toMatchObject({ agentId: AGENT, searchId: "", signature: "", offerId: "off_0001", pax: PAX });
    expect(res.offer).toEqual(offer());
    const { lock } = await lockOf(res.fareToken);
    expect(lock).toMatchObject({ agentId: AGENT, searchId: "srch_0001", pax: PAX });
    const missing = await failureOf(
      h.service.validateFare(create(ValidateFareRequestSchema, { offerId: "off_0001", pax: PAX }), context()),
    );
    expect(missing.errors.map((e) => [e.field, e.code])).toEqual([["agent_id", "REQUIRED"]]);
  });

  describe("fare tokens", () => {
    it("refuse forged, altered, foreign-agent and unknown tokens as BOOKING_FARE_TOKEN_INVALID", async () => {
      h = fareHarness();
      const { fareToken } = await validate();
      const unknown = createFareTokenCodec(createSigner(TEST_SECRET, "fare-token")).sign({
        lockId: "flk_never_issued",
        agentId: AGENT,
        offerId: "off_0001",
        finalPricePaise: 900_000,
        lockedUntil: new Date(h.clock.now().getTime() + 60_000),
      });
      const cases: [string, string][] = [
        ["forged", "not-a-token"],
        // Past the 43-character MAC: the payload (lock, agent, offer, price, expiry) itself.
        ["altered", alter(fareToken, fareToken.length - 12)],
        ["altered MAC", alter(fareToken, 30)],
        ["unknown", unknown],
      ];
      for (const [name, token] of cases) {
        for (const call of [lockOf(token), seatMap(token)]) {
          const failure = await failureOf(call);
          expect([name, failure.code, failure.status]).toEqual([name, "BOOKING_FARE_TOKEN_INVALID", 400]);
        }
      }
      expect((await failureOf(lockOf(fareToken, "agt_two"))).code).toBe("BOOKING_FARE_TOKEN_INVALID");
      expect((await failureOf(seatMap(fareToken, { agentId: "agt_two" }))).code).toBe("BOOKING_FARE_TOKEN_INVALID");
    });

    it("expire once the clock passes 15 minutes: BOOKING_FARE_EXPIRED", async () => {
      h = fareHarness();
      const { fareToken } = await validate();
      h.clock.advance(FARE_LOCK_MS - 1);
      await expect(lockOf(fareToken)).resolves.toBeDefined();
      h.clock.advance(1);
      for (const call of [lockOf(fareToken), seatMap(fareToken)]) {
        const failure = await failureOf(call);
        expect([failure.code, failure.status]).toEqual(["BOOKING_FARE_EXPIRED", 410]);
      }
    });
  });

  describe("seat maps", () => {
    it("answers the priced map of the locked offer with verifiable tokens", async () => {
      h = fareHarness();
      const { fareToken } = await validate();
      const map = await seatMap(fareToken);
      expect([map.searchId, map.signature, map.provider, map.currency]).toEqual(["srch_0001", "sig_0001", "SANDBOX", "INR"]);
      expect(map.passengerAncillaries.map((p) => p.paxId)).toEqual(["ADT1", "ADT2", "CHD1"]);
      const seat = map.segments[0]!.seatmap[0]!.seats[0]!;
      const { seats } = await lockOf(fareToken, AGENT, [seat.ancillaryToken]);
      expect(seats).toEqual([
        expect.objectContaining({ ancillaryId: seat.ancillaryId, segmentIndex: 0, seat: "1A", pricePaise: seat.pricePaise }),
      ]);
    });

    it("refuses a request naming another search, offer or provider than the fare token's", async () => {
      h = fareHarness();
      const { fareToken } = await validate();
      const failure = await failureOf(seatMap(fareToken, { searchId: "srch_x", signature: "sig_x", provider: "OTHER" }));
      expect(failure.code).toBe("VALIDATION_FAILED");
      expect(failure.errors.map((e) => [e.field, e.code])).toEqual([
        ["search_id", "INVALID_VALUE"],
        ["signature", "INVALID_VALUE"],
        ["provider", "INVALID_VALUE"],
      ]);
    });

    it("times out a provider that does not answer with a retryable PROVIDER_TIMEOUT", async () => {
      h = fareHarness({ providerTimeoutMs: 50, seatMap: () => new Promise(() => {}) });
      const { fareToken } = await validate();
      const failure = await failureOf(seatMap(fareToken));
      expect([failure.code, failure.retryable, failure.provider?.name]).toEqual(["PROVIDER_TIMEOUT", true, "SANDBOX"]);
    });

    it("refuses seat tokens of another fare lock when booking resolves them", async () => {
      h = fareHarness();
      const first = await validate();
      const second = await validate();
      const map = await seatMap(first.fareToken);
      const foreign = map.segments[0]!.seatmap[0]!.seats[0]!.ancillaryToken;
      const failure = await failureOf(lockOf(second.fareToken, AGENT, [foreign]));
      expect(failure.errors.map((e) => [e.field, e.code])).toEqual([["ancillary_tokens[0]", "INVALID_VALUE"]]);
    });
  });
});
