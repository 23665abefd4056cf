import { Cabin, Direction } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { DomainError } from "@tarmac/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { fareRules } from "./testing/fixtures.js";
import { expectSorted } from "./testing/ordering.js";
import { dateAhead, fakeProvider, handlerContext, searchHarness, searchRequest, type SearchHarness } from "./testing/search-harness.js";
import { failureOf } from "@tarmac/kernel/testing";

describe("SearchServiceImpl.searchFlights", () => {
  let h: SearchHarness;
  afterEach(() => h?.store.close());
  const search = (init: Parameters<typeof searchRequest>[0]) => h.service.searchFlights(searchRequest(init), handlerContext());
  const newSearch = (init: Parameters<typeof searchRequest>[0] = {}) =>
    search({ origin: "DEL", dest: "BOM", dod: dateAhead(h.clock, 9), ...init });

  it("answers page one with count, total, a cursor and priced offers that expire with the search", async () => {
    h = searchHarness({ offers: 250 });
    const res = await newSearch({ limit: 20 });
    expect(res.searchId).toMatch(/^srch_[0-9A-Z]{26}$/);
    expect(res.count).toBe(20);
    expect(res.results).toHaveLength(20);
    expect(res.totalResults).toBe(250);
    expect(res.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const offer = res.results[0]!;
    expect(offer.searchId).toBe(res.searchId);
    expect(offer.offerId).toMatch(/^off_/);
    expect(offer.signature).not.toBe("");
    expect(offer.currency).toBe("INR");
    expect(offer.provider).toBe("FAKE");
    expect(offer.bestPricePaise).toBe(offer.pricingBreakdown!.finalPricePaise);
    const p = offer.pricingBreakdown!;
    expect(p.netFarePaise).toBe(p.baseFarePaise + p.taxesPaise + p.otaMarkupPaise - p.commissionPaise);
    expect(offer.expiresAt!.seconds).toBe(BigInt(Math.floor(h.clock.now().getTime() / 1000) + 1800));
    expect(offer.segments[0]).toMatchObject({ cabin: Cabin.ECONOMY, direction: Direction.OUTBOUND, origin: "DEL" });
    expectSorted(res.results);
  });

  it("carries each offer's fare rules to the proto, penalties as int64 paise", async () => {
    h = searchHarness({ offers: 40 });
    const res = await newSearch({ limit: 40 });
    const bands = (list: ReturnType<typeof fareRules>["changeFees"]) =>
      list.map((b) => ({ minHoursBeforeDeparture: b.minHoursBeforeDeparture, perPassengerPaise: BigInt(b.perPassengerPaise) }));
    expect(new Set(res.results.map((o) => o.refundable))).toEqual(new Set([true, false]));
    for (const offer of res.results) {
      const filed = fareRules(offer.refundable);
      expect(offer.fareRules).toMatchObject({
        refundable: offer.refundable,
        cancellationPenalties: bands(filed.cancellationPenalties),
        changeFees: bands(filed.changeFees),
        taxesRefundable: true,
      });
    }
    const saver = res.results.find((o) => !o.refundable)!;
    expect(saver.fareRules!.cancellationPenalties.map((b) => b.perPassengerPaise)).toEqual([300_000n, 350_000n, 400_000n, 450_000n]);
  });

  it("hands the provider the validated query", async () => {
    h = searchHarness();
    const dod = dateAhead(h.clock, 9);
    const doa = dateAhead(h.clock, 12);
    await newSearch({ dod, doa, paxAdult: 2, paxInfant: 1, cabin: Cabin.BUSINESS, mode: "b2b" });
    expect(h.provider.calls).toEqual([
      {
        origin: "DEL",
        dest: "BOM",
        departureDate: `${dod.slice(0, 4)}-${dod.slice(4, 6)}-${dod.slice(6)}`,
        returnDate: `${doa.slice(0, 4)}-${doa.slice(4, 6)}-${doa.slice(6)}`,
        pax: { adult: 2, child: 0, infant: 1 },
        cabin: "BUSINESS",
      },
    ]);
  });

  it("pages through 3000 offers: each exactly once, in order, from one provider call", async () => {
    h = searchHarness({ offers: 3000 });
    const first = await newSearch({ limit: 500 });
    const seen = [...first.results];
    let cursor = first.cursor;
    const limits = [7, 500, 123, 1, 499, 500, 500, 500, 500];
    for (let i = 0; cursor !== ""; i++) {
      // Every other search field is ignored once a cursor is given, even when it is invalid.
      const page = await search({ cursor, limit: limits[i % limits.length]!, origin: "nope", paxAdult: 99 });
      expect(page.searchId).toBe(first.searchId);
      expect(page.count).toBe(page.results.length);
      expect(page.totalResults).toBe(3000);
      seen.push(...page.results);
      cursor = page.cursor;
    }
    expect(seen).toHaveLength(3000);
    expect(new Set(seen.map((o) => o.offerId)).size).toBe(3000);
    expectSorted(seen);
    expect(h.provider.calls).toHaveLength(1);
  });

  it("gives no cursor when everything fits on one page, and handles an empty result", async () => {
    h = searchHarness({ offers: 5 });
    const all = await newSearch({ limit: 5 });
    expect([all.count, all.totalResults, all.cursor]).toEqual([5, 5, ""]);
    await h.store.close();
    h = searchHarness({ offers: 0 });
    const none = await newSearch();
    expect([none.count, none.totalResults, none.cursor, none.results]).toEqual([0, 0, "", []]);
  });

  it("prices for the calling agent", async () => {
    h = searchHarness({ offers: 10 });
    const plain = await newSearch({ agentId: "agt_plain" });
    const demo = await newSearch({ agentId: "agt_demo" });
    expect(plain.results.every((o) => o.pricingBreakdown!.agentMarkupPaise === 0n)).toBe(true);
    expect(demo.results.every((o) => o.pricingBreakdown!.agentMarkupPaise > 0n)).toBe(true);
  });

  it("refuses an expired cursor with SEARCH_CURSOR_EXPIRED", async () => {
    h = searchHarness({ offers: 300 });
    const first = await newSearch();
    h.clock.advance(31 * 60_000);
    expect((await failureOf(search({ cursor: first.cursor }))).code).toBe("SEARCH_CURSOR_EXPIRED");
  });

  it("refuses a tampered or foreign cursor with SEARCH_CURSOR_INVALID", async () => {
    h = searchHarness({ offers: 300 });
    const first = await newSearch();
    const c = first.cursor;
    const tampered = c.slice(0, 20) + (c[20] === "A" ? "B" : "A") + c.slice(21);
    for (const cursor of [tampered, `${c}A`, c.slice(0, -2), "bm90IGEgY3Vyc29y"]) {
      expect((await failureOf(search({ cursor }))).code, cursor).toBe("SEARCH_CURSOR_INVALID");
    }
    expect((await failureOf(search({ cursor: first.cursor, agentId: "agt_two" }))).code).toBe("SEARCH_CURSOR_INVALID");
  });

  it("answers SEARCH_CURSOR_EXPIRED when the cache lost a search its cursor still vouches for", async () => {
    h = searchHarness({ offers: 300 });
    const first = await newSearch();
    await h.store.close();
    expect((await failureOf(search({ cursor: first.cursor }))).code).toBe("SEARCH_CURSOR_EXPIRED");
  });

  it("checks the page size of a continued search", async () => {
    h = searchHarness({ offers: 300 });
    const first = await newSearch();
    const failure = await failureOf(search({ cursor: first.cursor, limit: 501 }));
    expect(failure.code).toBe("VALIDATION_FAILED");
    expect(failure.errors.map((e) => [e.field, e.code])).toEqual([["limit", "OUT_OF_RANGE"]]);
  });

  it("reports validation failures per field without asking the provider", async () => {
    h = searchHarness();
    const failure = await failureOf(search({ origin: "DEL", dest: "DEL", dod: "2026-12-01", cabin: 9 as Cabin }));
    expect(failure.errors.map((e) => [e.field, e.code])).toEqual([
      ["dest", "INVALID_VALUE"],
      ["dod", "INVALID_FORMAT"],
      ["cabin", "INVALID_VALUE"],
    ]);
    expect(h.provider.calls).toHaveLength(0);
  });

  it("reports a provider that fails as PROVIDER_UNAVAILABLE, and passes its own errors through", async () => {
    const failing = (error: Error) => ({
      ...fakeProvider(0),
      name: "FLAKY",
      searchFlights: () => Promise.reject(error),
    });
    h = searchHarness({ provider: failing(new Error("socket hang up")) });
    const broken = await failureOf(newSearch());
    expect(broken.code).toBe("PROVIDER_UNAVAILABLE");
    expect(broken.provider?.name).toBe("FLAKY");
    expect(broken.message).not.toContain("socket");
    await h.store.close();
    h = searchHarness({ provider: failing(new DomainError("PROVIDER_TIMEOUT", "The airline took too long")) });
    expect((await failureOf(newSearch())).code).toBe("PROVIDER_TIMEOUT");
  });

  it("requires the gateway's agent_id", async () => {
    h = searchHarness();
    const failure = await failureOf(newSearch({ agentId: "" }));
    expect(failure.errors.map((e) => [e.field, e.code])).toEqual([["agent_id", "REQUIRED"]]);
  });
});
