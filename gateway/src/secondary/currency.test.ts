import { parseConfig } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "../config.js";
import {
  convertMinor,
  DEFAULT_RATES,
  defaultRateTable,
  divideHalfEven,
  formatMinor,
  minorFromNumber,
  minorToNumber,
  rateTableFromEnv,
  rateTableOf,
} from "./currency.js";
import { productionCallerEnv } from "@tarmac/kernel/testing";

describe("divideHalfEven", () => {
  it.each([
    [5n, 2n, 2n], // 2.5 -> 2
    [7n, 2n, 4n], // 3.5 -> 4
    [1199n, 2n, 600n], // 599.5 -> 600
    [3597n, 2n, 1798n], // 1798.5 -> 1798
    [26n, 10n, 3n], // 2.6 -> 3
    [24n, 10n, 2n], // 2.4 -> 2
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [0n, 3n, 0n],
  ])("%s / %s -> %s", (n, d, q) => {
    expect(divideHalfEven(n, d)).toBe(q);
  });
});

describe("convertMinor with the default table", () => {
  const usd = (paise: bigint) => convertMinor(paise, "INR", "USD", defaultRateTable);

  it("converts paise to cents exactly, ties to even (USD 0.011990 per INR)", () => {
    // 1,500.00 INR = 17.985 USD exactly: half-even gives 17.98 (half-up would give 17.99).
    expect(usd(150_000n)).toBe(1798n);
    // 500.00 INR = 5.995 USD exactly: the even neighbour is 6.00.
    expect(usd(50_000n)).toBe(600n);
    // 2,500.00 INR = 29.975 USD exactly -> 29.98.
    expect(usd(250_000n)).toBe(2998n);
    // 6,123.45 INR = 73.4201655 USD -> 73.42; 0.01 INR -> 0.00.
    expect(usd(612_345n)).toBe(7342n);
    expect(usd(1n)).toBe(0n);
  });

  it("keeps INR as it is and converts between two table currencies through INR", () => {
    expect(convertMinor(612_345n, "INR", "INR", defaultRateTable)).toBe(612_345n);
    // 17.98 USD -> INR: 1798 / 0.011990 = 149958.29... paise -> 149958.
    expect(convertMinor(1798n, "USD", "INR", defaultRateTable)).toBe(149_958n);
    expect(convertMinor(612_345n, "INR", "EUR", defaultRateTable)).toBe(6766n);
  });

  it("refuses a currency the table lacks", () => {
    expect(() => convertMinor(1n, "INR", "XYZ", defaultRateTable)).toThrow(/XYZ/);
  });
});

describe("JSON numbers", () => {
  it("formats minor units as exact decimals and JSON numbers", () => {
    expect([formatMinor(1798n), formatMinor(600n), formatMinor(5n), formatMinor(-5n), formatMinor(0n)]).toEqual([
      "17.98",
      "6.00",
      "0.05",
      "-0.05",
      "0.00",
    ]);
    expect(JSON.stringify({ total_price: minorToNumber(1798n) })).toBe('{"total_price":17.98}');
    expect(JSON.stringify({ total_price: minorToNumber(734_201n) })).toBe('{"total_price":7342.01}');
    expect(minorToNumber(600n)).toBe(6);
    expect(() => minorToNumber(10n ** 15n)).toThrow(RangeError);
  });

  it("reads a client's number exactly, refusing more than 2 decimals", () => {
    expect(minorFromNumber(17.98)).toBe(1798n);
    expect(minorFromNumber(6)).toBe(600n);
    expect(minorFromNumber(6.1)).toBe(610n);
    expect(minorFromNumber(0.07)).toBe(7n);
    expect(minorFromNumber(7342.01)).toBe(734_201n);
    for (const bad of [17.985, 1e21, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-7]) expect(minorFromNumber(bad)).toBeUndefined();
  });
});

describe("rate tables", () => {
  it("has INR, USD, EUR, GBP, AED and SGD by default, INR at 1", () => {
    expect([...defaultRateTable.keys()].sort()).toEqual(["AED", "EUR", "GBP", "INR", "SGD", "USD"]);
    expect(defaultRateTable.get("INR")).toEqual({ units: 1n, scale: 0, text: "1" });
    expect(defaultRateTable.get("USD")).toEqual({ units: 11_990n, scale: 6, text: DEFAULT_RATES.USD });
  });

  it("reads TARMAC_CURRENCY_RATES as JSON of decimal strings, adding INR at 1", () => {
    const table = rateTableFromEnv('{"USD":"0.0125","JPY":"1.79"}');
    expect([...table.keys()].sort()).toEqual(["INR", "JPY", "USD"]);
    expect(convertMinor(98_840n, "INR", "USD", table)).toBe(1236n);
    expect(rateTableFromEnv(undefined)).toEqual(defaultRateTable);
    expect(rateTableFromEnv("")).toEqual(defaultRateTable);
  });

  it.each([
    ["not json", /valid JSON/],
    ['["USD"]', /JSON object/],
    ['{"usd":"0.01"}', /three uppercase letters/],
    ['{"USD":0.01199}', /decimal string/],
    ['{"USD":"1e-2"}', /decimal string/],
    ['{"USD":"0"}', /decimal string/],
    ['{"USD":"-0.01"}', /decimal string/],
    ['{"INR":"2"}', /INR must be 1/],
  ])("refuses %s", (value, message) => {
    expect(() => rateTableFromEnv(value)).toThrow(message);
    expect(() => parseConfig(gatewayConfigSchema, { TARMAC_CURRENCY_RATES: value })).toThrow(/TARMAC_CURRENCY_RATES/);
  });

  it("accepts INR given as 1.00", () => {
    expect(rateTableOf({ INR: "1.00", USD: "0.012" }).get("INR")?.text).toBe("1.00");
  });

  it("is read by the gateway configuration, with TARMAC_ENV", () => {
    const config = parseConfig(gatewayConfigSchema, {
      TARMAC_CURRENCY_RATES: '{"USD":"0.0125"}',
      TARMAC_ENV: "production",
      MONGODB_URI: "mongodb://mongo.example.test:27017/?replicaSet=rs0",
      ...productionCallerEnv("gateway"),
    });
    expect([...config.currencyRates.keys()].sort()).toEqual(["INR", "USD"]);
    expect(config.environment).toBe("production");
  });
});
