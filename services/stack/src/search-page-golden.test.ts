import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createSandboxAirline } from "@tarmac/airline";
import { authConfigSchema, startAuthService } from "@tarmac/auth";
import { gatewayConfigSchema, startGateway } from "@tarmac/gateway";
import { parseConfig } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import { searchConfigSchema, startSearchService } from "@tarmac/search";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const START = "2026-06-01T06:00:00Z";
const GOLDEN = fileURLToPath(new URL("./golden/search-pages.json", import.meta.url));
const PAGE_LIMIT = 100;

interface Golden {
  /** Page 1 and page 2 of the search, byte for byte. */
  readonly page1: string;
  readonly page2: string;
  /** sha256 of every page's bytes, in order, and the offer ids of pages 10 and 40. */
  readonly pageHashes: string[];
  readonly deepOfferIds: Record<string, string[]>;
}

let stop: () => Promise<void>;
let searches = 0;
let gatewayUrl: string;
let apiKey: string;

beforeAll(async () => {
  const clock = new ManualClock(START);
  const logger = silentLogger();
  const env = { TARMAC_ENV: "development", METRICS_PORT: "0" };
  const airline = createSandboxAirline({ clock, ticketingDelayMs: 3_600_000 });
  const auth = await startAuthService(parseConfig(authConfigSchema, { ...env, AUTH_PORT: "0" }), logger, { clock });
  const search = await startSearchService(parseConfig(searchConfigSchema, { ...env, SEARCH_PORT: "0" }), logger, {
    clock,
    provider: airline,
    // Search ids are the one random input of a page answer. ULID-shaped, so offer ids keep the search's time.
    newSearchId: () => `srch_01KZ000000${String(++searches).padStart(16, "0")}`,
  });
  const gateway = await startGateway(
    {
      ...parseConfig(gatewayConfigSchema, { ...env, ...relaxedRateLimits, SEARCH_URL: search.url, AUTH_URL: auth.host.url }),
      port: 0,
      metricsPort: 0,
    },
    logger,
  );
  gatewayUrl = gateway.url;
  apiKey = auth.demoApiKey!;
  stop = async () => {
    await gateway.stop();
    await search.stop();
    await auth.host.stop();
  };
});
afterAll(() => stop?.());

async function page(body: unknown): Promise<string> {
  const res = await fetch(`${gatewayUrl}/api/v1/flight/search`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** Every page of a DEL-BOM search (thousands of offers), following the cursors. */
async function walk(): Promise<string[]> {
  const pages = [await page({ origin: "DEL", dest: "BOM", dod: "20260701", limit: PAGE_LIMIT })];
  for (let cursor = JSON.parse(pages[0]!).cursor; cursor; cursor = JSON.parse(pages.at(-1)!).cursor) {
    pages.push(await page({ cursor, limit: PAGE_LIMIT }));
  }
  return pages;
}

const offerIds = (bytes: string) => (JSON.parse(bytes) as { results: { offer_id: string }[] }).results.map((o) => o.offer_id);

/** Issue 17: the page answer is the same JSON, byte for byte, as before the hot-path work. */
describe("a search page's JSON, against the golden recorded before the hot-path work", () => {
  it("answers pages 1 and 2 byte for byte, and every deeper page with the same bytes and offers", async () => {
    const pages = await walk();
    const actual: Golden = {
      page1: pages[0]!,
      page2: pages[1]!,
      pageHashes: pages.map((p) => createHash("sha256").update(p).digest("hex")),
      deepOfferIds: { "10": offerIds(pages[9]!), "40": offerIds(pages[39]!) },
    };
    if (process.env.RECORD_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 2)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as Golden;
    expect(actual.page1).toBe(golden.page1);
    expect(actual.page2).toBe(golden.page2);
    expect(actual.deepOfferIds).toEqual(golden.deepOfferIds);
    expect(actual.pageHashes).toEqual(golden.pageHashes);
  }, 60_000);
});
