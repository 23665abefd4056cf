import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, toConnectError, validationFailed } from "@tarmac/kernel";
import { Cabin, Direction, SegmentSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { cannedOffer, SEARCH_ID, searchPage } from "../../testing/canned-offers.js";
import { AGENT_ID, type FakeServices } from "../../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp, securePost } from "../../testing/secondary.js";
import { rateTableFromEnv } from "../currency.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

const body = { origin: "DEL", destination: "BOM", departure_date: "2026-12-01", adults: 1, travel_class: "ECONOMY" };
const search = (payload: unknown) => gateway.app.inject(securePost("/api/flights/search", payload));

/** A page of one offer per price, in paise. */
const pricedAt = (...prices: bigint[]): FakeServices => ({
  search: () => searchPage({ results: prices.map((p, i) => cannedOffer({ offerId: `off_${i}`, bestPricePaise: p })) }),
});

describe("POST /api/flights/search: request", () => {
  it("maps the secondary field names onto the search service, for the token's agent", async () => {
    gateway = await secondaryTestApp();
    const response = await search({
      ...body,
      departure_date: "2026-12-01T23:30:00",
      return_date: "2026-12-05",
      adults: 2,
      children: 1,
      infants: 1,
      travel_class: "BUSINESS",
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = gateway.calls.search[0]!;
    // Without an offset, a local time: the date as written.
    expect(sent).toMatchObject({ agentId: AGENT_ID, origin: "DEL", dest: "BOM", dod: "20261201", doa: "20261205", cursor: "", mode: "" });
    expect([sent.paxAdult, sent.paxChild, sent.paxInfant, sent.cabin]).toEqual([2, 1, 1, Cabin.BUSINESS]);
  });

  it("searches a date-time with an offset on the date it falls on in India (UTC+05:30)", async () => {
    gateway = await secondaryTestApp();
    // 20:00 UTC on the 24th is 01:30 on the 25th in India; 23:30 at -05:00 on the 1st is 10:00 on the 2nd.
    await search({ ...body, departure_date: "2026-12-24T20:00:00Z", return_date: "2026-12-28T23:30:00-05:00" });
    await search({ ...body, departure_date: "2026-12-24T18:29:00Z" });
    expect(gateway.calls.search.map((r) => [r.dod, r.doa])).toEqual([
      ["20261225", "20261229"],
      ["20261224", ""],
    ]);
  });

  it("refuses a date-time with an offset that names no real instant, on its field", async () => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(
      await search({ ...body, departure_date: "2026-02-30T10:00:00Z", return_date: "2026-03-01T25:00:00+05:30" }),
      "VALIDATION_FAILED",
    );
    expect(error.error.errors?.map((e) => [e.field, e.code])).toEqual([
      ["departure_date", "INVALID_FORMAT"],
      ["return_date", "INVALID_FORMAT"],
    ]);
    expect(gateway.calls.search).toEqual([]);
  });

  it("leaves omitted children and infants and the return date unset (one way)", async () => {
    gateway = await secondaryTestApp();
    await search(body);
    const sent = gateway.calls.search[0]!;
    expect([sent.doa, sent.paxAdult, sent.paxChild, sent.paxInfant, sent.cabin]).toEqual(["", 1, undefined, undefined, Cabin.ECONOMY]);
  });

  it.each([
    [{ ...body, adults: 0 }, "adults", "OUT_OF_RANGE"],
    [{ ...body, adults: 10 }, "adults", "OUT_OF_RANGE"],
    [{ ...body, children: -1 }, "children", "OUT_OF_RANGE"],
    [{ ...body, travel_class: "COACH" }, "travel_class", "INVALID_VALUE"],
    [{ ...body, origin: "del" }, "origin", "INVALID_FORMAT"],
    [{ ...body, departure_date: "20261201" }, "departure_date", "INVALID_FORMAT"],
    [{ ...body, return_date: "2026-12-05 10:00" }, "return_date", "INVALID_FORMAT"],
    [{ ...body, display_currency: "XYZ" }, "display_currency", "INVALID_VALUE"],
    [{ ...body, display_currency: "usd" }, "display_currency", "INVALID_VALUE"],
    [{ ...body, dest: "BOM" }, "dest", "UNKNOWN_FIELD"],
    [(({ adults: _a, ...rest }) => rest)(body), "adults", "REQUIRED"],
    [(({ travel_class: _t, ...rest }) => rest)(body), "travel_class", "REQUIRED"],
  ])("rejects %j on %s with %s, in the secondary format", async (payload, field, code) => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await search(payload), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([{ field, code, message: expect.any(String) }]);
    expect(gateway.calls.search).toEqual([]);
  });

  it("names the currencies it knows when display_currency is unknown", async () => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await search({ ...body, display_currency: "JPY" }), "VALIDATION_FAILED");
    expect(error.error.errors?.[0]?.message).toBe("must be one of AED, EUR, GBP, INR, SGD, USD");
  });

  it("renames the search service's field errors to this surface's names", async () => {
    const refusal = validationFailed([
      fieldError("dod", "OUT_OF_RANGE", "must not be in the past"),
      fieldError("dest", "UNKNOWN_AIRPORT", "is not a known airport"),
      fieldError("pax_infant", "OUT_OF_RANGE", "must not exceed pax_adult"),
    ]);
    gateway = await secondaryTestApp({ search: () => Promise.reject(toConnectError(refusal)) });
    const error = expectSecondaryError(await search(body), "VALIDATION_FAILED");
    expect(error.error).toEqual({
      code: "VALIDATION_FAILED",
      message: "3 fields failed validation",
      errors: [
        { field: "departure_date", code: "OUT_OF_RANGE", message: "must not be in the past" },
        { field: "destination", code: "UNKNOWN_AIRPORT", message: "is not a known airport" },
        { field: "infants", code: "OUT_OF_RANGE", message: "must not exceed pax_adult" },
      ],
    });
  });

  it("passes other catalogue errors through with their status", async () => {
    gateway = await secondaryTestApp({ search: () => Promise.reject(toConnectError(new DomainError("PROVIDER_TIMEOUT", "slow"))) });
    expectSecondaryError(await search(body), "PROVIDER_TIMEOUT");
  });
});

describe("POST /api/flights/search: response", () => {
  it("answers the flights of API guide, Secondary surface in INR by default, carriers by name", async () => {
    gateway = await secondaryTestApp();
    const response = await search(body);
    expect(response.json()).toEqual({
      success: true,
      data: {
        search_id: SEARCH_ID,
        // The canned page is the first of a search of 2 flights.
        cursor: "INR.c2lnbmVkLWN1cnNvcg",
        total_results: 2,
        flights: [
          {
            id: "off_001",
            total_price: 6123.45,
            currency: "INR",
            outbound: {
              segments: [
                {
                  carrier_name: "Air India",
                  flight_number: "AI 865",
                  origin: "DEL",
                  destination: "BOM",
                  departure_at: "2026-12-01T06:15:00+05:30",
                },
              ],
            },
          },
        ],
      },
    });
  });

  it("splits a round trip into outbound and inbound, and shows an unknown carrier by its code", async () => {
    const leg = (direction: Direction, carrier: string, origin: string, dest: string, depTime: string) =>
      create(SegmentSchema, { carrier, flightNo: `${carrier} 1`, origin, dest, depTime, direction, cabin: Cabin.ECONOMY });
    const roundTrip = cannedOffer({
      segments: [
        leg(Direction.OUTBOUND, "6E", "DEL", "BLR", "2026-12-01T06:00:00+05:30"),
        leg(Direction.OUTBOUND, "ZZ", "BLR", "BOM", "2026-12-01T11:00:00+05:30"),
        leg(Direction.RETURN, "6E", "BOM", "DEL", "2026-12-05T18:00:00+05:30"),
      ],
    });
    gateway = await secondaryTestApp({ search: () => searchPage({ results: [roundTrip] }) });
    const [flight] = (await search({ ...body, return_date: "2026-12-05" })).json().data.flights;
    expect(flight.outbound.segments.map((s: { carrier_name: string }) => s.carrier_name)).toEqual(["IndiGo", "ZZ"]);
    expect(flight.inbound).toEqual({
      segments: [
        { carrier_name: "IndiGo", flight_number: "6E 1", origin: "BOM", destination: "DEL", departure_at: "2026-12-05T18:00:00+05:30" },
      ],
    });
  });

  it("converts to USD exactly and rounds half-even to 2 decimals (default table: 0.011990 USD per INR)", async () => {
    // 1,500.00 INR = 17.985 USD -> 17.98 (tie, even); 500.00 INR = 5.995 USD -> 6.00 (tie, even);
    // 2,500.00 INR = 29.975 -> 29.98; 6,123.45 INR = 73.4201655 -> 73.42; 999.99 INR = 11.9898801 -> 11.99.
    gateway = await secondaryTestApp(pricedAt(150_000n, 50_000n, 250_000n, 612_345n, 99_999n));
    const response = await search({ ...body, display_currency: "USD" });
    expect(response.statusCode, response.body).toBe(200);
    const flights = response.json().data.flights as { total_price: number; currency: string }[];
    expect(flights.map((f) => f.total_price)).toEqual([17.98, 6, 29.98, 73.42, 11.99]);
    expect(flights.every((f) => f.currency === "USD")).toBe(true);
    // JSON numbers written from the exact decimals.
    expect(response.body).toContain('"total_price":17.98,');
    expect(response.body).toContain('"total_price":6,');
  });

  it("uses a configured rate table (TARMAC_CURRENCY_RATES), ties to even on exact .xx5 amounts", async () => {
    // 0.0125 USD per INR (80 INR a dollar): 988.40 INR = 12.355 USD -> 12.36; 987.60 INR = 12.345 -> 12.34.
    gateway = await secondaryTestApp(pricedAt(98_840n, 98_760n, 100_000n), { currencyRates: rateTableFromEnv('{"USD":"0.0125"}') });
    const flights = (await search({ ...body, display_currency: "USD" })).json().data.flights as { total_price: number }[];
    expect(flights.map((f) => f.total_price)).toEqual([12.36, 12.34, 12.5]);
    const error = expectSecondaryError(await search({ ...body, display_currency: "EUR" }), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([{ field: "display_currency", code: "INVALID_VALUE", message: "must be one of INR, USD" }]);
  });
});

describe("POST /api/flights/search: pages", () => {
  it("asks for `limit` flights and answers the cursor of the next page, in the listing's currency, with total_results", async () => {
    gateway = await secondaryTestApp();
    const first = (await search({ ...body, display_currency: "USD", limit: 1 })).json().data;
    expect(gateway.calls.search[0]!.limit).toBe(1);
    expect([first.flights.length, first.cursor, first.total_results]).toEqual([1, "USD.c2lnbmVkLWN1cnNvcg", 2]);
  });

  it("continues the search with `{cursor}` alone: the service's cursor, prices in the first page's currency, null after the last page", async () => {
    // The last page of a search of 101: 1,500.00 INR = 17.98 USD.
    gateway = await secondaryTestApp({
      search: () => searchPage({ results: [cannedOffer({ bestPricePaise: 150_000n })], cursor: "", totalResults: 101 }),
    });
    const next = await search({ cursor: "USD.c2lnbmVkLWN1cnNvcg", limit: 50 });
    expect(next.statusCode, next.body).toBe(200);
    const sent = gateway.calls.search[0]!;
    expect([sent.cursor, sent.limit, sent.origin, sent.dod]).toEqual(["c2lnbmVkLWN1cnNvcg", 50, "", ""]);
    const data = next.json().data;
    expect(data.flights.map((f: { total_price: number; currency: string }) => [f.total_price, f.currency])).toEqual([[17.98, "USD"]]);
    expect([data.cursor, data.total_results]).toEqual([null, 101]);
  });

  it.each([
    [{ cursor: "USD.abc", origin: "DEL" }, "origin", "UNKNOWN_FIELD"],
    [{ cursor: "USD.abc", display_currency: "EUR" }, "display_currency", "UNKNOWN_FIELD"],
    [{ cursor: "" }, "cursor", "OUT_OF_RANGE"],
    [{ cursor: "USD.abc", limit: 0 }, "limit", "OUT_OF_RANGE"],
    [{ ...body, limit: 501 }, "limit", "OUT_OF_RANGE"],
    [(({ origin: _o, ...rest }) => rest)(body), "origin", "REQUIRED"],
    [{ cursor: 5 }, "cursor", "INVALID_FORMAT"],
  ])("refuses %j on %s with %s, naming only the problem of the kind of request it is", async (payload, field, code) => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await search(payload), "VALIDATION_FAILED");
    expect(error.error.errors).toEqual([{ field, code, message: expect.any(String) }]);
    expect(gateway.calls.search).toEqual([]);
  });

  it("says a body that is not an object is not one", async () => {
    gateway = await secondaryTestApp();
    const error = expectSecondaryError(await search([{ cursor: "USD.abc" }]), "VALIDATION_FAILED");
    expect([error.error.message, error.error.errors]).toEqual(["Request body must be a JSON object", undefined]);
  });

  it("answers SEARCH_CURSOR_INVALID for a cursor it did not make, and passes the service's expiry through", async () => {
    gateway = await secondaryTestApp({ search: () => Promise.reject(toConnectError(new DomainError("SEARCH_CURSOR_EXPIRED", "gone"))) });
    for (const cursor of ["c2lnbmVkLWN1cnNvcg", "JPY.c2lnbmVk", "USD."]) {
      expectSecondaryError(await search({ cursor }), "SEARCH_CURSOR_INVALID");
    }
    expect(gateway.calls.search).toEqual([]);
    expectSecondaryError(await search({ cursor: "INR.c2lnbmVk" }), "SEARCH_CURSOR_EXPIRED");
  });
});
