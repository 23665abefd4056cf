import { createSigner } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { providerOffer, segmentAt } from "../testing/fixtures.js";
import { createOfferSigner } from "./offer-signature.js";
import { defaultPricingRules } from "./pricing-rules.js";
import { rankOffers, type RankContext } from "./rank-offers.js";

const context: RankContext = {
  searchId: "srch_rank",
  agentId: "agt_one",
  pax: { adult: 1, child: 0, infant: 0 },
  rules: defaultPricingRules,
  expiresAt: new Date("2026-11-22T06:30:00Z"),
  offerSigner: createOfferSigner(createSigner("s".repeat(40), "offer-signature")),
};

describe("rankOffers", () => {
  it("sorts by price, then departure instant, then offer id", () => {
    const cheapLate = providerOffer(1, { key: "cheap-late", airline: "SG", baseFare: 100_000, taxes: 0, segments: [segmentAt(300)] });
    const cheapEarly = providerOffer(2, { key: "cheap-early", airline: "SG", baseFare: 100_000, taxes: 0, segments: [segmentAt(60)] });
    // Same instant written with another offset: 00:30 UTC is 06:00 IST.
    const sameInstant = providerOffer(3, {
      key: "same-instant",
      airline: "SG",
      baseFare: 100_000,
      taxes: 0,
      segments: [segmentAt(60, { depTime: "2026-12-01T02:30:00+01:00" })],
    });
    const dear = providerOffer(4, { key: "dear", airline: "SG", baseFare: 90_000, taxes: 20_000, segments: [segmentAt(0)] });
    const ranked = rankOffers([dear, cheapLate, sameInstant, cheapEarly], context);
    const [first, second] = [ranked[0]!, ranked[1]!];
    expect([first.providerKey, second.providerKey].sort()).toEqual(["cheap-early", "same-instant"]);
    expect(first.offerId < second.offerId).toBe(true);
    expect(ranked.slice(2).map((o) => o.providerKey)).toEqual(["cheap-late", "dear"]);
  });

  it("gives unique ids and signatures, the same for the same search and key", () => {
    const offers = Array.from({ length: 3000 }, (_, i) => providerOffer(i));
    const ranked = rankOffers(offers, context);
    expect(new Set(ranked.map((o) => o.offerId)).size).toBe(3000);
    expect(new Set(ranked.map((o) => o.signature)).size).toBe(3000);
    for (const o of ranked) expect(o.offerId).toMatch(/^off_([0-7][0-9A-HJKMNP-TV-Z]{9})?[0-9a-f]{20}$/);
    const again = rankOffers(offers, context);
    expect(again.map((o) => o.offerId)).toEqual(ranked.map((o) => o.offerId));
    const elsewhere = rankOffers(offers, { ...context, searchId: "srch_other" });
    expect(elsewhere[0]!.offerId).not.toBe(ranked[0]!.offerId);
  });

  it("keeps ids unique when a provider repeats a key", () => {
    const ranked = rankOffers([providerOffer(1, { key: "dup" }), providerOffer(2, { key: "dup" })], context);
    expect(new Set(ranked.map((o) => o.offerId)).size).toBe(2);
  });

  it("prices every offer for the searching agent", () => {
    const [offer] = rankOffers([providerOffer(0, { airline: "AI", baseFare: 200_000, taxes: 40_000 })], context);
    expect(offer!.pricing).toMatchObject({ commission: 3_000, otaMarkup: 15_000, finalPrice: 255_000, netFare: 252_000 });
  });
});
