import { createSigner } from "@tarmac/kernel";
import { DEVELOPMENT_CURSOR_SECRET } from "@tarmac/search";
import { yyyymmdd } from "../banner.js";
import type { apiClient } from "../testing/api-client.js";

type Api = ReturnType<typeof apiClient>;

export const PAGE_LIMIT = 100;
/** The sandbox's large routes (thousands of offers a day), one way and return, on several dates: 20 searches. */
const SEARCHES: readonly { origin: string; dest: string; days: number; returnDays?: number }[] = [
  ...[20, 21, 22, 23, 24, 25, 26].flatMap((days) => [
    { origin: "DEL", dest: "BOM", days },
    { origin: "BOM", dest: "DEL", days },
  ]),
  ...[20, 21, 22].flatMap((days) => [
    { origin: "DEL", dest: "BOM", days, returnDays: days + 3 },
    { origin: "BOM", dest: "DEL", days, returnDays: days + 2 },
  ]),
];
/** Cursor pages taken from each search: its 2nd to 5th. */
const PAGES_PER_SEARCH = 4;

/** One page request: its body and the gateway's answer to it (what the monolith and bare hold). */
export interface Page {
  readonly body: string;
  readonly answer: Buffer;
}

/**
 * Distinct cursor pages (80) from 20 searches, interleaved search by search so that
 * consecutive requests never ask for the same page, nor two pages of the same search.
 */
export async function distinctPages(api: Api): Promise<Page[]> {
  const bySearch: Page[][] = [];
  for (const { origin, dest, days, returnDays } of SEARCHES) {
    const dates = { dod: yyyymmdd(new Date(), days), ...(returnDays !== undefined && { doa: yyyymmdd(new Date(), returnDays) }) };
    const pages: Page[] = [];
    let answer = await search(api, { origin, dest, ...dates, limit: PAGE_LIMIT });
    while (pages.length < PAGES_PER_SEARCH && cursorOf(answer)) {
      const body = JSON.stringify({ cursor: cursorOf(answer), limit: PAGE_LIMIT });
      answer = await search(api, JSON.parse(body) as Record<string, unknown>);
      pages.push({ body, answer });
    }
    bySearch.push(pages);
  }
  const longest = Math.max(...bySearch.map((p) => p.length));
  return Array.from({ length: longest }, (_, i) => bySearch.flatMap((pages) => pages[i] ?? [])).flat();
}

/**
 * Cursors to pages 1, 10 and 40 of a large search (DEL-BOM return, thousands of offers). Page 1
 * has no cursor of its own, so the bench signs one at offset 0 with the development cursor secret
 * the stack runs with: every deep page is then a cursor request served from the search cache.
 */
export async function deepPageBodies(api: Api): Promise<{ total: number; bodies: Record<string, string>; bytes: Record<string, number> }> {
  const first = await search(api, {
    origin: "DEL",
    dest: "BOM",
    dod: yyyymmdd(new Date(), 20),
    doa: yyyymmdd(new Date(), 23),
    limit: PAGE_LIMIT,
  });
  const { total_results: total } = JSON.parse(first.toString("utf8")) as { total_results: number };
  const signer = createSigner(process.env.TARMAC_CURSOR_SECRET ?? DEVELOPMENT_CURSOR_SECRET, "search-cursor");
  const position = signer.verify(cursorOf(first)!) as Record<string, unknown>;
  const bodies: Record<string, string> = {};
  // Each page's size: deeper offers may have more segments, which costs per byte, not per depth.
  const bytes: Record<string, number> = {};
  for (const page of [1, 10, 40]) {
    if ((page - 1) * PAGE_LIMIT >= total) throw new Error(`the deep-page search has ${total} offers, fewer than ${page} pages`);
    bodies[page] = JSON.stringify({ cursor: signer.sign({ ...position, o: (page - 1) * PAGE_LIMIT }), limit: PAGE_LIMIT });
    bytes[page] = (await search(api, JSON.parse(bodies[page]) as Record<string, unknown>)).length;
  }
  return { total, bodies, bytes };
}

async function search(api: Api, body: Record<string, unknown>): Promise<Buffer> {
  const res = await api.post("/api/v1/flight/search", body);
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.text}`);
  return Buffer.from(res.text, "utf8");
}

function cursorOf(answer: Buffer): string | undefined {
  return (JSON.parse(answer.toString("utf8")) as { cursor: string | null }).cursor ?? undefined;
}
