import { catalogue, type ErrorCode } from "@tarmac/kernel";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

interface Envelope {
  trace_id: string;
  error: {
    category: string;
    code: string;
    message: string;
    retryable: boolean;
    errors?: { field: string; code: string; message: string }[];
    provider?: { name: string; code: string; message: string };
  };
}

/**
 * Asserts the response is exactly the error envelope of API guide, Errors for `code`: catalogue
 * status, category and retryable, trace_id equal to the X-Request-ID header, no other keys.
 */
export function expectEnvelope(response: LightMyRequestResponse, code: ErrorCode): Envelope {
  const entry = catalogue[code];
  expect(response.statusCode, response.body).toBe(entry.status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json<Envelope>();
  expect(Object.keys(body).sort()).toEqual(["error", "trace_id"]);
  expect(body.trace_id).toBe(response.headers["x-request-id"]);
  expect(body.trace_id).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  const allowed = ["category", "code", "errors", "message", "provider", "retryable"];
  for (const key of Object.keys(body.error)) expect(allowed).toContain(key);
  expect(body.error).toMatchObject({ category: entry.category, code, retryable: entry.retryable });
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  for (const fieldError of body.error.errors ?? []) {
    expect(Object.keys(fieldError).sort()).toEqual(["code", "field", "message"]);
  }
  return body;
}
