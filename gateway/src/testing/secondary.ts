import { catalogue, createLogger, type ErrorCode, type Logger } from "@tarmac/kernel";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { type BuildOptions, build } from "../app.js";
import type { SecondaryErrorBody } from "../secondary/errors.js";
import { type FakeCalls, type FakeServices, fakeServiceClients, tokens } from "./fake-services.js";

export interface SecondaryTestApp {
  readonly app: FastifyInstance;
  readonly calls: FakeCalls;
  readonly logs: Record<string, unknown>[];
}

/** The real gateway over fake services, with build options for the secondary surface. */
export async function secondaryTestApp(
  fakes: FakeServices = {},
  options: Omit<BuildOptions, "clients" | "logger"> = {},
  /** Runs before ready(), to add hooks that observe requests. */
  beforeReady: (app: FastifyInstance) => void = () => {},
): Promise<SecondaryTestApp> {
  const { clients, calls } = fakeServiceClients(fakes);
  const logs: Record<string, unknown>[] = [];
  const logger: Logger = createLogger(
    { name: "gateway", level: "debug" },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  // Generous limits unless a test sets its own: tests fire many requests within one second.
  const app = build({ clients, logger, rateLimits: { search: 1_000, default: 1_000, auth: 1_000 }, ...options });
  beforeReady(app);
  await app.ready();
  return { app, calls, logs };
}

/** A JSON POST to the secondary surface, with the valid bearer token unless headers say otherwise. */
export function securePost(url: string, body: unknown, headers: Record<string, string | undefined> = {}) {
  const given = { "content-type": "application/json", authorization: `Bearer ${tokens.valid}`, ...headers };
  // A header given as undefined is left out: that is how a test sends a request without it.
  const all = Object.fromEntries(Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { method: "POST" as const, url, headers: all, payload: typeof body === "string" ? body : JSON.stringify(body) };
}

/**
 * Asserts the response is exactly the secondary surface's error body for `code`: catalogue
 * status, `{success: false, error: {code, message, errors?, details?}}` and nothing else.
 */
export function expectSecondaryError(response: LightMyRequestResponse, code: ErrorCode): SecondaryErrorBody {
  expect(response.statusCode, response.body).toBe(catalogue[code].status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["x-request-id"]).toBeDefined();
  const body = response.json<SecondaryErrorBody>();
  expect(Object.keys(body).sort()).toEqual(["error", "success"]);
  expect(body.success).toBe(false);
  for (const key of Object.keys(body.error)) expect(["code", "details", "errors", "message"]).toContain(key);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  for (const fieldError of body.error.errors ?? []) expect(Object.keys(fieldError).sort()).toEqual(["code", "field", "message"]);
  return body;
}
