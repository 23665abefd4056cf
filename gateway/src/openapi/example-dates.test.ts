import { readFileSync } from "node:fs";
import { createLogger } from "@tarmac/kernel";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { OPENAPI_PATH } from "./plugin.js";
import { EXAMPLES_RECORDED_AT, withRequestDaysFrom } from "./recorded-examples.js";

type Json = Record<string, any>;

const DAY_MS = 86_400_000;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})/;
/** Days the product takes relative to today: a search's, a list's period. */
const RELATIVE = new Set(["dod", "doa", "departure_date", "return_date", "created_from", "created_to"]);
/** The search's window (API guide, Search): not past, at most 365 days ahead. */
const SEARCH_WINDOW_DAYS = 365;
/** A fixed date in copy-paste material must be this far from today, or it is about to break (issue 36). */
const FAR_DAYS = 180;

function dayOf(value: string): number | undefined {
  const match = COMPACT.exec(value) ?? ISO.exec(value);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

const utcDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/** Every dated string of every request example: operation, example, field, value. */
function requestDates(document: Json): { where: string; field: string; value: string; day: number }[] {
  const found: { where: string; field: string; value: string; day: number }[] = [];
  const walk = (value: unknown, where: string, field: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, where, field));
    else if (typeof value === "object" && value !== null) for (const [name, item] of Object.entries(value)) walk(item, where, name);
    else if (typeof value === "string") {
      const day = dayOf(value);
      if (day !== undefined) found.push({ where, field, value, day });
    }
  };
  for (const pathItem of Object.values(document.paths as Record<string, Json>)) {
    for (const operation of Object.values(pathItem)) {
      const examples = operation.requestBody?.content?.["application/json"]?.examples ?? {};
      for (const [name, example] of Object.entries(examples as Record<string, Json>))
        walk(example.value, `${operation.operationId} ${name}`, "");
    }
  }
  return found;
}

describe("dates in the examples /docs pre-fills", () => {
  let app: FastifyInstance;
  let served: Json;
  beforeAll(async () => {
    app = build({ clients: fakeServiceClients().clients, logger: createLogger({ name: "gateway", level: "silent" }) });
    served = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
  });
  afterAll(() => app?.close());

  it.each([
    ["today", 0],
    ["in 200 days", 200],
    ["in three years", 3 * 365],
  ])("keeps every search and list date of a request example bookable %s", (_, days) => {
    const today = new Date(Date.now() + days * DAY_MS);
    const document = days === 0 ? served : withRequestDaysFrom(served, today);
    const relative = requestDates(document).filter((d) => RELATIVE.has(d.field));
    expect(relative.map((d) => d.field)).toEqual(expect.arrayContaining(["dod", "doa", "departure_date"]));
    for (const { where, field, value, day } of relative) {
      const ahead = (day - utcDay(today)) / DAY_MS;
      if (field.startsWith("created_")) expect(Math.abs(ahead), `${where} ${field} ${value}`).toBeLessThanOrEqual(62);
      else expect(ahead, `${where} ${field} ${value}`).toBeGreaterThanOrEqual(1);
      if (!field.startsWith("created_")) expect(ahead, `${where} ${field} ${value}`).toBeLessThanOrEqual(SEARCH_WINDOW_DAYS);
    }
  });

  it("puts a search as many days ahead of today as the recorded run had it", () => {
    const newSearch = served.paths["/flight/search"].post.requestBody.content["application/json"].examples.newSearch.value;
    const recordedLead = (dayOf("20261215")! - utcDay(new Date(EXAMPLES_RECORDED_AT))) / DAY_MS;
    expect((dayOf(newSearch.dod)! - utcDay(new Date())) / DAY_MS).toBe(recordedLead);
  });

  it("has no other date that is about to pass: each is past (a birth date) or more than 180 days away", () => {
    const today = utcDay(new Date());
    const fixed = requestDates(served).filter((d) => !RELATIVE.has(d.field));
    const soon = fixed.filter((d) => d.day >= today && d.day - today <= FAR_DAYS * DAY_MS);
    expect(soon, "re-date them, or add the field to withRequestDaysFrom").toEqual([]);
  });

  it("pre-fills no X-Request-ID or Idempotency-Key, so each Try-it call has its own trace id and is a new request", () => {
    const prefilled: string[] = [];
    for (const [path, pathItem] of Object.entries(served.paths as Record<string, Json>)) {
      for (const operation of Object.values(pathItem)) {
        for (const parameter of (operation.parameters ?? []) as Json[]) {
          if (parameter.in !== "header") continue;
          const schema = parameter.schema ?? {};
          if ([parameter.example, parameter.examples, schema.example, schema.examples].some((e) => e !== undefined)) {
            prefilled.push(`${path} ${parameter.name}`);
          }
        }
      }
    }
    expect(prefilled).toEqual([]);
  });
});

describe("dates in the README's and the guides' commands", () => {
  it.each(["README.md", "docs/api-guide.md", "docs/features.md", "docs/first-hour.md"])("%s pastes no fixed travel date", (file) => {
    const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    const blocks = [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const fixed = blocks.flatMap((block) =>
      [...block.matchAll(/"(dod|doa|departure_date|return_date)"\s*:\s*"\d{4}-?\d{2}-?\d{2}/g)].map((m) => m[0]),
    );
    expect(fixed).toEqual([]);
  });
});
