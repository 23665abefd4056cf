import type { Socket } from "node:net";
import { DomainError, type Logger, REQUEST_ID_HEADER, newRequestId, toEnvelope } from "@tarmac/kernel";

/**
 * Requests Node cannot even parse (bad request line, oversized headers) never reach Fastify's
 * router; they still get the envelope, with a fresh trace id, and the connection is closed.
 */
export function clientErrorHandler(logger: Logger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    const traceId = newRequestId();
    logger.info({ requestId: traceId, code: error.code }, "malformed HTTP request");
    if (!socket.writable || error.code === "ECONNRESET" || error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      socket.destroy(error);
      return;
    }
    const domainError = new DomainError("VALIDATION_FAILED", "Malformed HTTP request");
    const body = JSON.stringify(toEnvelope(domainError, traceId));
    socket.end(
      `HTTP/1.1 ${domainError.status} Bad Request\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${REQUEST_ID_HEADER}: ${traceId}\r\n` +
        "X-Content-Type-Options: nosniff\r\n" +
        "Connection: close\r\n\r\n" +
        body,
    );
  };
}
