import { describe, expect, it } from "vitest";
import { pricedOffer } from "../testing/fixtures.js";
import { fromOfferDoc, toOfferDoc } from "./mongo-documents.js";

describe("search offer documents", () => {
  it("store an offer's fare rules as plain bands and read them back unchanged", () => {
    const expiresAt = new Date("2026-12-01T00:30:00Z");
    for (const offer of [pricedOffer("srch_doc", 0), pricedOffer("srch_doc", 1)]) {
      const doc = toOfferDoc("srch_doc", 3, expiresAt, offer);
      expect(doc.fareRules).toEqual(offer.fareRules);
      expect(doc.fareRules.cancellationPenalties).not.toBe(offer.fareRules.cancellationPenalties);
      // What the driver hands back is a structured clone of what was written.
      expect(fromOfferDoc(structuredClone(doc))).toEqual(offer);
    }
    expect(pricedOffer("srch_doc", 1).fareRules.refundable).toBe(false);
  });
});
