import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { failureOf, ManualClock } from "@tarmac/kernel/testing";
import { GetOfferRequestSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { dateAhead, handlerContext, searchHarness, searchRequest, type SearchHarness } from "./testing/search-harness.js";

describe("SearchServiceImpl.getOffer", () => {
  let h: SearchHarness;
  afterEach(() => h?.store.close());

  async function searched(clock?: ManualClock) {
    h = searchHarness({ offers: 40, ...(clock && { clock }) });
    const res = await h.service.searchFlights(
      searchRequest({ origin: "DEL", dest: "BOM", dod: dateAhead(h.clock, 9), paxAdult: 2, paxChild: 1, limit: 40 }),
      handlerContext(),
    );
    return { res, offer: res.results[17]! };
  }
  const getOffer = (init: MessageInitShape<typeof GetOfferRequestSchema>) =>
    h.service.getOffer(create(GetOfferRequestSchema, { agentId: "agt_one", ...init }));

  it("finds the offer by signature or by offer id, with the search's passengers", async () => {
    const { res, offer } = await searched();
    const bySignature = await getOffer({ signature: offer.signature });
    expect(bySignature.offer).toEqual(offer);
    expect(bySignature.pax).toMatchObject({ adult: 2, child: 1, infant: 0 });
    expect((await getOffer({ searchId: res.searchId, signature: offer.signature })).offer).toEqual(offer);
    expect((await getOffer({ searchId: res.searchId, offerId: offer.offerId })).offer).toEqual(offer);
  });

  it("answers SEARCH_OFFER_NOT_FOUND for another agent's offer, exactly as for an unknown one", async () => {
    const { res, offer } = await searched();
    for (const request of [
      { agentId: "agt_two", signature: offer.signature },
      { agentId: "agt_two", searchId: res.searchId, offerId: offer.offerId },
      { searchId: res.searchId, offerId: "off_00000000000000000000" },
      { searchId: "srch_unknown", offerId: offer.offerId },
      { searchId: "srch_other", signature: offer.signature },
      { signature: `${offer.signature.slice(0, -1)}A` },
      { signature: offer.signature, offerId: res.results[3]!.offerId },
    ]) {
      const failure = await failureOf(getOffer(request));
      expect(failure.code, JSON.stringify(request)).toBe("SEARCH_OFFER_NOT_FOUND");
      expect(failure.status).toBe(404);
    }
  });

  it("answers SEARCH_EXPIRED once the search is over, by signature, by search and offer id, and by offer id alone", async () => {
    // The search id carries its creation time from the system clock; start the test clock there.
    const { res, offer } = await searched(new ManualClock(new Date()));
    h.clock.advance(31 * 60_000);
    for (const request of [
      { signature: offer.signature },
      { searchId: res.searchId, offerId: offer.offerId },
      // A reschedule quote names the offer by its id alone: the same answer as fare validation's.
      { offerId: offer.offerId },
    ]) {
      const failure = await failureOf(getOffer(request));
      expect(failure.code).toBe("SEARCH_EXPIRED");
      expect(failure.status).toBe(410);
    }
  });

  it("finds the agent's own offer by its id alone (reschedule quotes name only the offer)", async () => {
    const { offer } = await searched();
    expect((await getOffer({ offerId: offer.offerId })).offer).toEqual(offer);
    expect((await failureOf(getOffer({ agentId: "agt_two", offerId: offer.offerId }))).code).toBe("SEARCH_OFFER_NOT_FOUND");
    expect((await failureOf(getOffer({ offerId: "off_00000000000000000000" }))).code).toBe("SEARCH_OFFER_NOT_FOUND");
  });

  it("answers SEARCH_OFFER_NOT_FOUND for an offer id that never existed, even shaped like a live search's", async () => {
    const { offer } = await searched();
    // Same search time, another hash: not an offer of this (live) search.
    const never = `${offer.offerId.slice(0, -4)}${offer.offerId.endsWith("0000") ? "ffff" : "0000"}`;
    expect((await failureOf(getOffer({ offerId: never }))).code).toBe("SEARCH_OFFER_NOT_FOUND");
    expect((await failureOf(getOffer({ offerId: "off_unknown" }))).code).toBe("SEARCH_OFFER_NOT_FOUND");
  });

  it("names the missing fields", async () => {
    await searched();
    const none = await failureOf(getOffer({}));
    expect(none.errors.map((e) => [e.field, e.code])).toEqual([["signature", "REQUIRED"]]);
    const noAgent = await failureOf(getOffer({ agentId: "", signature: "x" }));
    expect(noAgent.errors.map((e) => [e.field, e.code])).toEqual([["agent_id", "REQUIRED"]]);
  });
});
