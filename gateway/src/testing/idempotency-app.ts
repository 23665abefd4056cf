import { create } from "@bufbuild/protobuf";
import { type Clock, createLogger } from "@tarmac/kernel";
import { AgentStatus, Scope, VerifyApiKeyResponseSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { ServiceClients } from "../clients.js";
import type { IdempotencyStore } from "../idempotency/idempotency-store.js";
import { MemoryIdempotencyStore } from "../idempotency/memory-idempotency-store.js";
import { credentialAuth } from "../auth/credential-auth.js";
import { apiKeyCredential, apiKeyVerifier } from "../auth/api-key-credential.js";
import { envelopeErrorHandler } from "../errors/error-envelope.js";
import { idempotency } from "../idempotency/idempotency.js";
import { jsonBody } from "../http/json-body.js";
import { requestId, requestIdOf } from "../http/request-id.js";
import { fakeServiceClients, keys } from "./fake-services.js";

/** A second agent's key, for per-agent scoping. */
export const otherAgentKey = "tk_test_agent009_0123456789abcdef0123456789abcdef";

interface TestBody {
  amount: number;
  note?: string;
}

export interface IdempotencyTestApp {
  readonly app: FastifyInstance;
  /** Bodies the handlers ran with, in order. */
  readonly runs: TestBody[];
  /** Every log line, parsed. */
  readonly logs: Record<string, unknown>[];
  /** What the handlers do; by default 201 with the run number, so a second run shows. */
  handler: (body: TestBody, run: number) => unknown;
}

const bodySchema = {
  type: "object",
  properties: { amount: { type: "integer", minimum: 1 }, note: { type: "string" } },
  required: ["amount"],
  additionalProperties: false,
} as const;

const routes = [
  ["/test/op", "test.op"],
  ["/test/other", "test.other"],
  ["/test/plain", undefined],
] as const;

/**
 * The primary surface's plugin stack as build() and primaryApi assemble it (request id, JSON-only
 * bodies, API key auth, envelope, idempotency), around test routes: POST /api/v1/test/op
 * ("test.op"), /test/other ("test.other") and /test/plain (not idempotent).
 */
export async function idempotencyTestApp(
  options: { store?: IdempotencyStore; clock?: Clock; storeTimeoutMs?: number } = {},
): Promise<IdempotencyTestApp> {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ name: "gateway", level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    genReqId: requestIdOf,
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: false, useDefaults: false } },
  });
  const harness: IdempotencyTestApp = { app, runs: [], logs, handler: (_body, run) => ({ run, id: `bk_${run}` }) };
  const store = options.store ?? new MemoryIdempotencyStore();
  app.register(requestId);
  app.register(jsonBody);
  app.setErrorHandler(envelopeErrorHandler);
  app.register(
    async (api) => {
      api.setErrorHandler(envelopeErrorHandler);
      await api.register(credentialAuth, { credential: apiKeyCredential(apiKeyVerifier(twoAgentAuth(), 0)) });
      await api.register(idempotency, {
        store,
        ...(options.clock && { clock: options.clock }),
        ...(options.storeTimeoutMs !== undefined && { storeTimeoutMs: options.storeTimeoutMs }),
      });
      for (const [path, operation] of routes) {
        const config = { scope: Scope.FLIGHT_SEARCH, ...(operation && { idempotency: operation }) };
        api.post<{ Body: TestBody }>(path, { schema: { body: bodySchema }, config }, async (request, reply) => {
          harness.runs.push(request.body);
          const answer = await harness.handler(request.body, harness.runs.length);
          return reply.code(201).send(answer);
        });
      }
    },
    { prefix: "/api/v1" },
  );
  await app.ready();
  return harness;
}

/** An idempotent request for inject(); the key is required, the body defaults to amount 100. */
export function opRequest(key: string | undefined, body: unknown = { amount: 100 }, headers: Record<string, string> = {}) {
  return {
    method: "POST" as const,
    url: "/api/v1/test/op",
    headers: {
      "content-type": "application/json",
      "x-api-key": keys.valid,
      ...(key !== undefined && { "idempotency-key": key }),
      ...headers,
    },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** The fake auth service, plus a second active agent behind otherAgentKey. */
function twoAgentAuth(): ServiceClients["auth"] {
  const { auth } = fakeServiceClients().clients;
  return {
    ...auth,
    verifyApiKey: (request, callOptions) =>
      request.apiKey === otherAgentKey
        ? Promise.resolve(
            create(VerifyApiKeyResponseSchema, {
              agentId: "agent_009",
              keyId: "key_009",
              agentStatus: AgentStatus.ACTIVE,
              scopes: [Scope.FLIGHT_SEARCH],
            }),
          )
        : auth.verifyApiKey(request, callOptions),
  };
}
