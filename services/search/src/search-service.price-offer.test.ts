import { create, type MessageInitShape } from "@bufbuild/protobuf";
import type { ProviderOffer } from "@tarmac/airline-port";
import { DomainError } from "@tarmac/kernel";
import { GetOfferRequestSchema, PriceOfferRequestSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { fareRules, providerOffer } from "./testing/fixtures.js";
import {
  dateAhead,
  fakeProvider,
  handlerContext,
  searchHarness,
  searchRequest,
  type FakeProviderOptions,
  type SearchHarness,
} from "./testing/search-harness.js";
import { failureOf, ManualClock } from "@tarmac/kernel/testing";

const PAX = { adult: 2, child: 1, infant: 1 };

describe("SearchServiceImpl.priceOffer", () => {
  let h: SearchHarness;
  afterEach(() => h?.store.close());

  async function searched(live?: FakeProviderOptions["live"], providerTimeoutMs?: number, clock?: ManualClock) {
    h = searchHarness({
      provider: fakeProvider(30, providerOffer, live ? { live } : {}),
      ...(providerTimeoutMs !== undefined && { providerTimeoutMs }),
      ...(clock && { clock }),
    });
    const res = await h.service.searchFlights(
      searchRequest({ origin: "DEL", dest: "BOM", dod: dateAhead(h.clock, 9), paxAdult: 2, paxChild: 1, paxInfant: 1, limit: 30 }),
      handlerContext(),
    );
    return res.results[5]!;
  }
  type PriceInit = Omit<MessageInitShape<typeof PriceOfferRequestSchema>, "$typeName" | "pax"> & { pax?: typeof PAX | undefined };
  const priceOffer = (init: PriceInit) =>
    h.service.priceOffer(create(PriceOfferRequestSchema, { agentId: "agt_one", pax: PAX, ...init }), handlerContext());

  it("answers the same offer, unchanged, when the live fare is the searched one", async () => {
    const offer = await searched();
    const res = await priceOffer({ searchId: offer.searchId, signature: offer.signature });
    expect(res.offer).toEqual(offer);
    expect(res.priceChanged).toBe(false);
    expect(res.previousPricePaise).toBe(offer.bestPricePaise);
    expect(res.pax).toMatchObject(PAX);
    expect(res.providerOfferKey).toMatch(/^K\d+$/);
    expect(h.provider.liveCalls).toEqual([{ key: res.providerOfferKey, pax: PAX }]);
  });

  it("prices a changed live fare with the search's rules and says what it was", async () => {
    const offer = await searched((o: ProviderOffer) => ({ ...o, baseFare: o.baseFare + 123_400 }));
    const res = await priceOffer({ searchId: offer.searchId, offerId: offer.offerId });
    const p = res.offer!.pricingBreakdown!;
    expect(res.priceChanged).toBe(true);
    expect(res.previousPricePaise).toBe(offer.bestPricePaise);
    expect(p.baseFarePaise).toBe(offer.pricingBreakdown!.baseFarePaise + 123_400n);
    expect(res.offer!.bestPricePaise).toBe(p.finalPricePaise);
    expect(res.offer!.bestPricePaise).toBeGreaterThan(offer.bestPricePaise);
    expect(p.netFarePaise).toBe(p.baseFarePaise + p.taxesPaise + p.otaMarkupPaise - p.commissionPaise);
    expect(p.finalPricePaise).toBe(p.baseFarePaise + p.taxesPaise + p.otaMarkupPaise + p.agentMarkupPaise);
    expect([res.offer!.offerId, res.offer!.signature, res.offer!.expiresAt]).toEqual([offer.offerId, offer.signature, offer.expiresAt]);
  });

  it("answers the live fare's rules in place of the searched ones", async () => {
    const flipped = (refundable: boolean) => ({ refundable: !refundable, fareRules: fareRules(!refundable) });
    const offer = await searched((o: ProviderOffer) => ({ ...o, ...flipped(o.refundable) }));
    const res = await priceOffer({ searchId: offer.searchId, signature: offer.signature });
    const live = flipped(offer.refundable);
    expect([res.offer!.refundable, res.offer!.fareRules!.refundable]).toEqual([live.refundable, live.refundable]);
    expect(res.offer!.fareRules!.cancellationPenalties.map((b) => [b.minHoursBeforeDeparture, b.perPassengerPaise])).toEqual(
      live.fareRules.cancellationPenalties.map((b) => [b.minHoursBeforeDeparture, BigInt(b.perPassengerPaise)]),
    );
    expect(res.offer!.fareRules).not.toEqual(offer.fareRules);
    // The cached offer keeps what the search found.
    expect((await h.service.getOffer(create(GetOfferRequestSchema, { agentId: "agt_one", signature: offer.signature }))).offer).toEqual(
      offer,
    );
  });

  it("refuses passengers other than the search's on `pax` without asking the provider", async () => {
    const offer = await searched();
    for (const pax of [{ adult: 2, child: 1, infant: 0 }, { adult: 1, child: 1, infant: 1 }, undefined]) {
      const failure = await failureOf(priceOffer({ signature: offer.signature, pax }));
      expect(failure.code).toBe("VALIDATION_FAILED");
      expect(failure.errors.map((e) => [e.field, e.code])).toEqual([["pax", "INVALID_VALUE"]]);
    }
    expect(h.provider.liveCalls).toEqual([]);
  });

  it("answers SEARCH_OFFER_NOT_FOUND for another agent's offer", async () => {
    const offer = await searched();
    const failure = await failureOf(priceOffer({ agentId: "agt_two", signature: offer.signature }));
    expect(failure.code).toBe("SEARCH_OFFER_NOT_FOUND");
  });

  it("answers 410 SEARCH_EXPIRED for an offer of a search that is over, by signature and by offer id alone", async () => {
    // The search id carries its creation time from the system clock; start the test clock there.
    const offer = await searched(undefined, undefined, new ManualClock(new Date()));
    h.clock.advance(31 * 60_000);
    // Fare validation names the offer by signature, a reschedule quote by its id alone: one answer.
    for (const request of [{ signature: offer.signature }, { offerId: offer.offerId }]) {
      const failure = await failureOf(priceOffer(request));
      expect([failure.code, failure.status], JSON.stringify(request)).toEqual(["SEARCH_EXPIRED", 410]);
    }
    expect(h.provider.liveCalls).toEqual([]);
  });

  it("passes a provider's refusal through with its provider block", async () => {
    const soldOut = new DomainError("PROVIDER_SOLD_OUT", "Sold out", {
      provider: { name: "FAKE", code: "NO_SEATS", message: "Class closed" },
    });
    const offer = await searched(() => Promise.reject(soldOut));
    const failure = await failureOf(priceOffer({ signature: offer.signature }));
    expect(failure.code).toBe("PROVIDER_SOLD_OUT");
    expect(failure.status).toBe(409);
    expect(failure.provider).toEqual({ name: "FAKE", code: "NO_SEATS", message: "Class closed" });
  });

  it("gives up on a provider that never answers with a retryable PROVIDER_TIMEOUT at the deadline", async () => {
    const offer = await searched(() => new Promise<never>(() => {}), 50);
    const started = Date.now();
    const failure = await failureOf(priceOffer({ signature: offer.signature }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure.code).toBe("PROVIDER_TIMEOUT");
    expect(failure.retryable).toBe(true);
    expect(failure.provider).toMatchObject({ name: "FAKE", code: "TIMEOUT" });
  });

  it("reports a provider that crashes as a retryable PROVIDER_UNAVAILABLE naming it", async () => {
    const offer = await searched(() => Promise.reject(new Error("socket hang up")));
    const failure = await failureOf(priceOffer({ signature: offer.signature }));
    expect(failure.code).toBe("PROVIDER_UNAVAILABLE");
    expect(failure.retryable).toBe(true);
    expect(failure.provider?.name).toBe("FAKE");
    expect(failure.message).not.toContain("socket");
  });
});
