import { operationResolver, type OperationExamples, type RecordedExamples } from "@tarmac/gateway/testing";

type Json = Record<string, any>;

export interface Answer {
  readonly status: number;
  readonly json: any;
}

interface Call {
  /** The example's name (unique per operation and status), e.g. `ticketed`. */
  readonly name: string;
  readonly summary: string;
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** The status the journey needs; anything else stops the recording. */
  readonly expect: number;
}

/**
 * Calls the gateway of a running stack as an agency would and keeps each request body and
 * response body, as the product sent them, as a named example of the operation the document says
 * the call reached. Every call sends a fixed X-Request-ID, so error bodies' `trace_id`s repeat.
 */
export class ExampleRecorder {
  private readonly operations = new Map<string, { request: Record<string, unknown>; responses: Record<string, Record<string, unknown>> }>();
  private readonly resolve: ReturnType<typeof operationResolver>;
  private calls = 0;

  constructor(
    private readonly gatewayUrl: string,
    document: Json,
    private readonly credentials: Record<string, string>,
  ) {
    this.resolve = operationResolver(document);
  }

  /** POSTs `call.body` (none when undefined) and records the response, and the request when it succeeded. */
  async post(call: Call, credentials: Record<string, string> = this.credentials): Promise<Answer> {
    const requestId = `example-${String(++this.calls).padStart(3, "0")}`;
    const res = await fetch(`${this.gatewayUrl}${call.path}`, {
      method: "POST",
      headers: {
        ...(call.body !== undefined && { "content-type": "application/json" }),
        "x-request-id": requestId,
        ...credentials,
        ...call.headers,
      },
      ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
    });
    const text = await res.text();
    if (res.status !== call.expect) throw new Error(`${call.path} (${call.name}): expected ${call.expect}, got ${res.status} ${text}`);
    const json = text === "" ? undefined : JSON.parse(text);
    const found = this.resolve("POST", new URL(call.path, this.gatewayUrl).pathname);
    const operationId = found?.operation.operationId as string | undefined;
    if (!operationId) throw new Error(`${call.path}: no operation of the document`);
    const recorded = this.operations.get(operationId) ?? { request: {}, responses: {} };
    this.operations.set(operationId, recorded);
    const example = (value: unknown) => ({ summary: call.summary, value });
    // A request that is refused illustrates the answer, not what to send (and may not match the request schema).
    if (call.body !== undefined && res.status < 300) {
      if (call.name in recorded.request) throw new Error(`${operationId}: two request examples named ${call.name}`);
      recorded.request[call.name] = example(call.body);
    }
    const byName = (recorded.responses[String(res.status)] ??= {});
    if (call.name in byName) throw new Error(`${operationId} ${res.status}: two examples named ${call.name}`);
    if (json !== undefined) byName[call.name] = example(json);
    return { status: res.status, json };
  }

  /** What was recorded: operations by id, statuses in order, examples in the journey's order. */
  result(comment: string): RecordedExamples {
    const operations: Record<string, OperationExamples> = {};
    for (const [operationId, { request, responses }] of [...this.operations].sort(([a], [b]) => a.localeCompare(b))) {
      const statuses = Object.entries(responses).sort(([a], [b]) => a.localeCompare(b));
      operations[operationId] = {
        ...(Object.keys(request).length > 0 && { request: request as OperationExamples["request"] }),
        responses: Object.fromEntries(statuses) as OperationExamples["responses"],
      };
    }
    return { comment, operations };
  }
}
