import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { errorCodeOf } from "../errors/error-envelope.js";

/**
 * One log line per request, written when the response has finished: method, route pattern,
 * status, error code if any, and duration. The request id is bound to every request logger.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: "requestId" });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      code: errorCodeOf(reply),
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else if (reply.statusCode >= 500) reply.log.warn(line, "request completed");
    else reply.log.info(line, "request completed");
  }
}
