import { ClientExchanges } from "@tarmac/gateway/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { spawnStack, type SpawnedStack } from "./testing/spawn-stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

interface SearchPage {
  search_id: string;
  results: { offer_id: string; best_price_paise: number }[];
  count: number;
  total_results: number;
  cursor: string | null;
}

const LIMIT = 200;

describe("the whole stack, started as the README's start command", () => {
  let stack: SpawnedStack;

  beforeAll(async () => {
    // Embedded defaults, as a newcomer's first start: in-memory stores even where MONGODB_URI is set.
    stack = await spawnStack({ LOG_LEVEL: "warn", TARMAC_ENV: "test", MONGODB_URI: "", ...relaxedRateLimits }, 60_000);
  }, 70_000);

  afterAll(() => {
    stack?.kill();
  });

  const answers = new ClientExchanges();
  const post = async (path: string, body: unknown) =>
    answers.keep(
      "POST",
      await fetch(`${stack.gatewayUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": stack.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      }),
    );

  let firstCursor: string | undefined;

  it("pages through a large search to the end, losing and repeating nothing", async () => {
    const pages: SearchPage[] = [];
    let body: object = { origin: "DEL", dest: "BOM", dod: yyyymmdd(new Date(), 30), limit: LIMIT };
    for (let page = 0; page < 100; page++) {
      // Follow cursors through both the canonical path and its alias.
      const res = await post(page % 2 === 0 ? "/api/v1/flight/search" : "/api/v1/search", body);
      expect(res.status, await res.clone().text()).toBe(200);
      const json = (await res.json()) as SearchPage;
      pages.push(json);
      if (json.cursor === null) break;
      firstCursor ??= json.cursor;
      body = { cursor: json.cursor, limit: LIMIT };
    }

    const total = pages[0]!.total_results;
    const offers = pages.flatMap((p) => p.results);
    expect(total).toBeGreaterThanOrEqual(2500);
    expect(pages.at(-1)!.cursor).toBeNull();
    for (const page of pages) {
      expect(page.count).toBe(page.results.length);
      expect(page.count).toBeLessThanOrEqual(LIMIT);
      expect(page.total_results).toBe(total);
      expect(page.search_id).toBe(pages[0]!.search_id);
    }
    expect(pages.reduce((sum, p) => sum + p.count, 0)).toBe(total);
    expect(new Set(offers.map((o) => o.offer_id)).size).toBe(total);
    const prices = offers.map((o) => o.best_price_paise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }, 120_000);

  it("answers a tampered cursor with 400 SEARCH_CURSOR_INVALID in the error envelope", async () => {
    expect(firstCursor).toBeDefined();
    const cursor = firstCursor!;
    const middle = Math.floor(cursor.length / 2);
    const tampered = `${cursor.slice(0, middle)}${cursor[middle] === "A" ? "B" : "A"}${cursor.slice(middle + 1)}`;
    const res = await post("/api/v1/flight/search", { cursor: tampered, limit: LIMIT });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { trace_id: string; error: { code: string; category: string } };
    expect(json.error).toMatchObject({ code: "SEARCH_CURSOR_INVALID", category: "SEARCH" });
    expect(json.trace_id).toBe(res.headers.get("x-request-id"));
  });

  it("gave only answers its OpenAPI document describes (status, headers, body)", async () => {
    const { checked, problems } = await answers.check(`${stack.gatewayUrl}/api/v1/openapi.json`);
    console.info(`OpenAPI: ${checked} responses of the spawned stack checked against its document, ${problems.length} mismatches`);
    expect(checked).toBeGreaterThan(10);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("stops cleanly on SIGTERM, exiting 0 within 10 s", async () => {
    stack.signal("SIGTERM");
    const code = await Promise.race([
      stack.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve("still running after 10 s"), 10_000).unref()),
    ]);
    expect(code, stack.output()).toBe(0);
  }, 15_000);
});
