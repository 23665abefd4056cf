import recorded from "./recorded-examples.json" with { type: "json" };

/** One named example of an OpenAPI media type. */
interface Example {
  readonly summary: string;
  readonly value: unknown;
}

/** The examples of one operation: its request bodies, and its response bodies by status. */
export interface OperationExamples {
  readonly request?: Readonly<Record<string, Example>>;
  readonly responses?: Readonly<Record<string, Readonly<Record<string, Example>>>>;
}

/** recorded-examples.json: examples by operationId, as a sandbox run answered them. */
export interface RecordedExamples {
  readonly comment: string;
  readonly operations: Readonly<Record<string, OperationExamples>>;
}

/** Where the recorder (services/stack, `pnpm --filter @tarmac/stack openapi:examples`) writes them. */
export const RECORDED_EXAMPLES_URL = new URL("./recorded-examples.json", import.meta.url);

export const recordedExamples: RecordedExamples = recorded;

/** The recorded run's clock (11:00 in India): the recorder starts there, and request dates are read relative to it. */
export const EXAMPLES_RECORDED_AT = "2026-12-01T05:30:00.000Z";

const DAY_MS = 86_400_000;

/** Request fields that name a day relative to the run (travel dates, a list's period), by format. */
const RELATIVE_DAYS: Readonly<Record<string, "YYYYMMDD" | "YYYY-MM-DD">> = {
  dod: "YYYYMMDD",
  doa: "YYYYMMDD",
  departure_date: "YYYY-MM-DD",
  return_date: "YYYY-MM-DD",
  created_from: "YYYY-MM-DD",
  created_to: "YYYY-MM-DD",
};

/**
 * The document with its request examples' days moved from the recorded run's day to `today`, each
 * as many days after it as in the run (a search 14 days ahead stays 14 days ahead). The docs page's
 * "Try it out" sends these: recorded as they were, they would turn into past dates and 400s within
 * weeks (issue 36). Dates of birth and passports are not relative to the run and stay. Responses
 * stay as recorded: they show what an answer looks like, and are never sent.
 */
export function withRequestDaysFrom(document: Json, today: Date): Json {
  const shift = Math.round((utcDay(today) - utcDay(new Date(EXAMPLES_RECORDED_AT))) / DAY_MS);
  if (shift === 0) return document;
  const moved = structuredClone(document);
  for (const pathItem of Object.values((moved.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(pathItem)) {
      const media = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.["application/json"];
      for (const example of Object.values((media?.examples ?? {}) as Record<string, { value?: unknown }>)) {
        example.value = movedDays(example.value, shift);
      }
    }
  }
  return moved;
}

function utcDay(at: Date): number {
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
}

function movedDays(value: unknown, shift: number, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => movedDays(item, shift));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, movedDays(item, shift, name)]));
  }
  const format = key === undefined ? undefined : RELATIVE_DAYS[key];
  if (typeof value !== "string" || format === undefined) return value;
  const compact = format === "YYYYMMDD";
  const day = compact ? /^(\d{4})(\d{2})(\d{2})$/.exec(value) : /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!day) return value;
  const moved = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) + shift * DAY_MS).toISOString().slice(0, 10);
  // A date-time keeps its time of day: only the date in front moves.
  return compact ? moved.replaceAll("-", "") : `${moved}${value.slice(10)}`;
}

type Json = Record<string, unknown>;
type Content = Record<string, Json> | undefined;

/**
 * Puts each recorded example on its operation's JSON request body or response (by operationId
 * and status) as a named media type example. The examples are never typed by hand: they are what
 * the product answered in a recorded sandbox run (services/stack/src/testing/openapi-examples), and
 * a test re-runs that journey and fails when they differ. Returns the document and how many
 * examples it placed; one whose operation or status the document lacks is left out (a test counts them).
 */
export function withRecordedExamples(document: Json, examples: RecordedExamples = recordedExamples): { document: Json; placed: number } {
  let placed = 0;
  const place = (content: Content, named: Readonly<Record<string, Example>> | undefined) => {
    const media = content?.["application/json"];
    if (!content || !media || !named) return;
    // A new media object: @fastify/swagger may share one between operations.
    content["application/json"] = { ...media, examples: { ...named } };
    placed += Object.keys(named).length;
  };
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(pathItem)) {
      const recordedFor = examples.operations[operation.operationId as string];
      if (!recordedFor) continue;
      place((operation.requestBody as { content?: Content } | undefined)?.content, recordedFor.request);
      const responses = (operation.responses ?? {}) as Record<string, { content?: Content }>;
      for (const [status, named] of Object.entries(recordedFor.responses ?? {})) place(responses[status]?.content, named);
    }
  }
  return { document, placed };
}
