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
