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
 * keeps this request's own X-Request-ID header, while an error body keeps the first trace_id.
 */
export function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, "true");
  const contentType = response.headers["content-type"];
  if (contentType !== undefined) reply.type(contentType);
  return reply.send(response.body);
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
