import { createLogger, type Logger } from "@tarmac/kernel";
import type { FastifyInstance } from "fastify";
import { build } from "../app.js";
import { buildOperations } from "../operations/operations-app.js";
import { type FakeCalls, type FakeServices, fakeServiceClients, keys } from "./fake-services.js";

export interface TestApp {
  readonly app: FastifyInstance;
  /** The operations app (GET /metrics, /readyz) over the same fakes and log. */
  readonly ops: FastifyInstance;
  readonly calls: FakeCalls;
  /** Every log line the app wrote, parsed. */
  readonly logs: Record<string, unknown>[];
}

/** The real gateway over in-memory fake services, with its logs captured. */
export async function testApp(fakes: FakeServices = {}, authCacheTtlMs?: number): Promise<TestApp> {
  const { clients, calls } = fakeServiceClients(fakes);
  const logs: Record<string, unknown>[] = [];
  const logger: Logger = createLogger(
    { name: "gateway", level: "debug" },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const app = build({ clients, logger, ...(authCacheTtlMs !== undefined && { authCacheTtlMs }) });
  const ops = buildOperations({ health: clients.health, logger });
  app.addHook("onClose", () => ops.close());
  await app.ready();
  return { app, ops, calls, logs };
}

export const searchBody = { origin: "DEL", dest: "BOM", dod: "20261201" };

/** A well-formed, authenticated search request for inject(). */
export function searchRequest(body: unknown = searchBody, headers: Record<string, string> = {}) {
  return {
    method: "POST" as const,
    url: "/api/v1/flight/search",
    headers: { "content-type": "application/json", "x-api-key": keys.valid, ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  };
}
