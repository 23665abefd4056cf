import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError, fieldError, toConnectError, validationFailed } from "@tarmac/kernel";
import { Cabin } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { AGENT_ID } from "../../testing/fake-services.js";
import { EXPIRES_AT, SEARCH_ID, searchPage } from "../../testing/canned-offers.js";
import { expectEnvelope } from "../../testing/envelope.js";
import { searchBody, searchRequest, type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

async function fieldErrorsFor(body: unknown) {
  const envelope = expectEnvelope(await gateway.app.inject(searchRequest(body)), "VALIDATION_FAILED");
  return envelope.error.errors;
}

describe("search request validation", () => {
  it("rejects unknown fields with UNKNOWN_FIELD instead of stripping them", async () => {
    gateway = await testApp();
    expect(await fieldErrorsFor({ ...searchBody, adults: 2 })).toEqual([
      { field: "adults", code: "UNKNOWN_FIELD", message: "is not a known field" },
    ]);
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("names each missing required field with REQUIRED", async () => {
    gateway = await testApp();
    expect(await fieldErrorsFor({ origin: "DEL" })).toEqual([
      { field: "dest", code: "REQUIRED", message: "is required" },
      { field: "dod", code: "REQUIRED", message: "is required" },
    ]);
  });

  it.each([
    ["origin", "del", "INVALID_FORMAT"],
    ["origin", "DELH", "INVALID_FORMAT"],
    ["dest", 123, "INVALID_FORMAT"],
    ["dod", "2026-12-01", "INVALID_FORMAT"],
    ["doa", "2026121", "INVALID_FORMAT"],
    ["pax_adult", 0, "OUT_OF_RANGE"],
    ["pax_adult", 10, "OUT_OF_RANGE"],
    ["pax_adult", "2", "INVALID_FORMAT"],
    ["pax_adult", 1.5, "INVALID_FORMAT"],
    ["pax_child", -1, "OUT_OF_RANGE"],
    ["pax_child", 10, "OUT_OF_RANGE"],
    ["pax_infant", -1, "OUT_OF_RANGE"],
    ["pax_infant", 10, "OUT_OF_RANGE"],
    ["cabin", "COACH", "INVALID_VALUE"],
    ["cabin", "economy", "INVALID_VALUE"],
    ["limit", 0, "OUT_OF_RANGE"],
    ["limit", 501, "OUT_OF_RANGE"],
    ["mode", "m".repeat(33), "OUT_OF_RANGE"],
    ["mode", 1, "INVALID_FORMAT"],
    ["cursor", "", "OUT_OF_RANGE"],
    ["cursor", 7, "INVALID_FORMAT"],
  ])("rejects %s = %j with %s", async (field, value, code) => {
    gateway = await testApp();
    const errors = await fieldErrorsFor({ ...searchBody, [field]: value });
    expect(errors).toEqual([{ field, code, message: expect.any(String) }]);
  });

  it("tells a body that is neither a new search nor a next page only what the new search lacks", async () => {
    gateway = await testApp();
    const required = ["origin", "dest", "dod"].map((field) => ({ field, code: "REQUIRED", message: "is required" }));
    expect(await fieldErrorsFor({})).toEqual(required);
    expect(await fieldErrorsFor({ limit: 50 })).toEqual(required);
    expect(await fieldErrorsFor({ cursor: 5 })).toEqual([
      ...required,
      { field: "cursor", code: "INVALID_FORMAT", message: "must be a string or null" },
    ]);
    // A cursor makes it a next page: only its own problems are named, not the new search's.
    expect(await fieldErrorsFor({ cursor: "c2lnbmVk", origin: "del", extra: 1 })).toEqual([
      { field: "extra", code: "UNKNOWN_FIELD", message: "is not a known field" },
      { field: "origin", code: "INVALID_FORMAT", message: "must match the pattern ^[A-Z]{3}$" },
    ]);
    expect(gateway.calls.search).toHaveLength(0);
  });

  it("accepts a next page that repeats the search's fields (the cursor wins)", async () => {
    gateway = await testApp();
    expect((await gateway.app.inject(searchRequest({ ...searchBody, cursor: "c2lnbmVk" }))).statusCode).toBe(200);
    expect(gateway.calls.search[0]?.cursor).toBe("c2lnbmVk");
  });

  it("accepts the boundary values and every cabin", async () => {
    gateway = await testApp();
    for (const cabin of ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]) {
      const body = { ...searchBody, doa: "20261205", pax_adult: 9, pax_child: 0, pax_infant: 9, limit: 500, cabin, mode: "b2b" };
      expect((await gateway.app.inject(searchRequest(body))).statusCode).toBe(200);
    }
    expect(gateway.calls.search.map((r) => r.cabin)).toEqual([Cabin.ECONOMY, Cabin.PREMIUM_ECONOMY, Cabin.BUSINESS, Cabin.FIRST]);
  });

  it("accepts a cursor alone, without origin, dest or dod", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest({ cursor: "c2lnbmVk", limit: 50 }));
    expect(response.statusCode).toBe(200);
    expect(gateway.calls.search[0]).toMatchObject({ cursor: "c2lnbmVk", limit: 50, origin: "", dod: "" });
  });

  it("treats cursor: null as no cursor", async () => {
    gateway = await testApp();
    expect(await fieldErrorsFor({ cursor: null })).toHaveLength(3);
    expect((await gateway.app.inject(searchRequest({ ...searchBody, cursor: null }))).statusCode).toBe(200);
    expect(gateway.calls.search[0]?.cursor).toBe("");
  });

  it("passes the search service's VALIDATION_FAILED and its field errors through", async () => {
    const refusal = validationFailed([
      fieldError("dest", "INVALID_VALUE", "must differ from origin"),
      fieldError("origin", "UNKNOWN_AIRPORT", "is not a known airport"),
    ]);
    gateway = await testApp({ search: () => Promise.reject(toConnectError(refusal)) });
    const body = expectEnvelope(await gateway.app.inject(searchRequest()), "VALIDATION_FAILED");
    expect(body.error).toEqual({
      category: "VALIDATION",
      code: "VALIDATION_FAILED",
      message: "2 fields failed validation",
      retryable: false,
      errors: [
        { field: "dest", code: "INVALID_VALUE", message: "must differ from origin" },
        { field: "origin", code: "UNKNOWN_AIRPORT", message: "is not a known airport" },
      ],
    });
  });

  it("passes other catalogue errors of the search service through with their status", async () => {
    const expired = new DomainError("SEARCH_CURSOR_EXPIRED", "The search has expired; search again");
    gateway = await testApp({ search: () => Promise.reject(toConnectError(expired)) });
    expectEnvelope(await gateway.app.inject(searchRequest({ cursor: "old" })), "SEARCH_CURSOR_EXPIRED");
  });

  it("answers 503 UNAVAILABLE (retryable) when the search service is unreachable", async () => {
    gateway = await testApp({ search: () => Promise.reject(new ConnectError("socket hang up", Code.Unavailable)) });
    const response = await gateway.app.inject(searchRequest());
    expect(expectEnvelope(response, "UNAVAILABLE").error.retryable).toBe(true);
    expect(response.body).not.toContain("socket hang up");
  });
});

describe("search response", () => {
  it("maps the request for the caller's agent, leaving omitted numbers unset", async () => {
    gateway = await testApp();
    await gateway.app.inject(searchRequest({ ...searchBody, pax_child: 0 }));
    const sent = gateway.calls.search[0];
    expect(sent).toMatchObject({ agentId: AGENT_ID, origin: "DEL", dest: "BOM", dod: "20261201", doa: "" });
    expect(sent?.cabin).toBe(Cabin.UNSPECIFIED);
    expect(sent?.paxChild).toBe(0);
    expect(sent?.paxAdult).toBeUndefined();
    expect(sent?.limit).toBeUndefined();
  });

  it("answers the offer JSON of API guide, Search and Money and pricing exactly", async () => {
    gateway = await testApp();
    const response = await gateway.app.inject(searchRequest());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      search_id: SEARCH_ID,
      results: [
        {
          offer_id: "off_001",
          search_id: SEARCH_ID,
          signature: "sig_abc",
          airline: "AI",
          provider: "SANDBOX",
          refundable: true,
          fare_brand: "FLEXI",
          inclusions: {
            checked_baggage_kg: 20,
            cabin_baggage_kg: 7,
            meal: "INCLUDED",
            seat: "INCLUDED",
            change: "INCLUDED",
            refundable: true,
          },
          segments: [
            {
              carrier: "AI",
              flight_no: "AI 865",
              origin: "DEL",
              dest: "BOM",
              dep_time: "2026-12-01T06:15:00+05:30",
              arr_time: "2026-12-01T08:25:00+05:30",
              cabin: "ECONOMY",
              booking_class: "Y",
              seats_available: 9,
              direction: "OUTBOUND",
              duration_minutes: 130,
              aircraft: "320",
            },
          ],
          best_price_paise: 612_345,
          currency: "INR",
          pricing_breakdown: {
            base_fare: 500_000,
            taxes: 90_000,
            commission: 10_000,
            ota_markup: 20_000,
            agent_markup: 12_345,
            net_fare: 600_000,
            final_price: 612_345,
          },
          expires_at: EXPIRES_AT,
          hold_allowed: false,
          hold_ticket_time_limit: null,
        },
      ],
      cursor: "c2lnbmVkLWN1cnNvcg",
      count: 1,
      total_results: 2,
    });
  });

  it("answers cursor: null on the last page", async () => {
    gateway = await testApp({ search: () => searchPage({ cursor: "", count: 1, totalResults: 1 }) });
    const body = (await gateway.app.inject(searchRequest({ cursor: "last" }))).json();
    expect(body).toMatchObject({ cursor: null, count: 1, total_results: 1 });
    expect(Object.keys(body)).toContain("cursor");
  });

  it("serves the alias POST /api/v1/search with the same schema and answer", async () => {
    gateway = await testApp();
    const canonical = await gateway.app.inject(searchRequest());
    const alias = await gateway.app.inject({ ...searchRequest(), url: "/api/v1/search" });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(canonical.json());
    const invalid = await gateway.app.inject({ ...searchRequest({ ...searchBody, extra: true }), url: "/api/v1/search" });
    expectEnvelope(invalid, "VALIDATION_FAILED");
  });
});
