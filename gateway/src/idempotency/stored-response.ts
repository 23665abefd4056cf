import type { FastifyReply } from "fastify";
import { IDEMPOTENT_REPLAYED_HEADER } from "./idempotency-key.js";
import type { StoredResponse } from "./idempotency-store.js";

/**
 * The response as onSend is about to send it: the serialized payload is exactly the bytes the
 * client gets. undefined when it cannot be kept as text (a stream, or bytes that are not UTF-8);
 * JSON routes never produce either.
 */
export function storedResponseOf(reply: FastifyReply, payload: unknown): StoredResponse | undefined {
  const body = textOf(payload);
  if (body === undefined) return undefined;
  const contentType = reply.getHeader("content-type");
  return {
    statusCode: reply.statusCode,
    headers: typeof contentType === "string" ? { "content-type": contentType } : {},
    body,
  };
}

/**
 * Sends a stored response again: same status, Content-Type and body bytes (a string payload with a
 * JSON content type is sent as is, never re-serialized), marked Idempotent-Replayed. The reply
 * keeps this request's own X-Request-ID header, as every replay does (API guide, Request ids), and
 * an error body's `trace_id` is rewritten to that id so body and header agree; nothing else changes.
 */
export function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, "true");
  const contentType = response.headers["content-type"];
  if (contentType !== undefined) reply.type(contentType);
  return reply.send(withTraceId(response.body, reply.request.id));
}

/**
 * The body with its top-level `trace_id` (the error envelope's) set to `traceId`, byte for byte
 * otherwise; a body without one (a success, the secondary surface's envelope) as it is. Request ids
 * are plain characters (kernel isValidRequestId), so the stored `"trace_id":"..."` is replaced as text.
 */
function withTraceId(body: string, traceId: string): string {
  let stored: unknown;
  try {
    stored = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return body;
  const first = (stored as Record<string, unknown>).trace_id;
  if (typeof first !== "string" || first === traceId) return body;
  const rewritten = body.replace(`"trace_id":${JSON.stringify(first)}`, () => `"trace_id":${JSON.stringify(traceId)}`);
  const check = JSON.parse(rewritten) as Record<string, unknown>;
  return check.trace_id === traceId ? rewritten : JSON.stringify({ ...stored, trace_id: traceId });
}

function textOf(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return "";
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) {
    const text = payload.toString("utf8");
    return Buffer.from(text, "utf8").equals(payload) ? text : undefined;
  }
  return undefined;
}
