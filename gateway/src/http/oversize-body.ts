import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

/** What the gateway reads and discards of an oversize body before it gives up and closes. */
const DRAIN_LIMIT_BYTES = 16 * 1_048_576;

/**
 * A body over the limit gets its 413 envelope while the client is still uploading. Fastify marks
 * that answer `Connection: close`, and closing a socket with unread data resets it, so the client
 * could lose the 413 to ECONNRESET or EPIPE. Instead the connection stays open and the rest of
 * the body is read and discarded (Node dumps an unread request once the answer is sent); past
 * DRAIN_LIMIT_BYTES the socket is closed after all (Node's request timeout bounds the time).
 */
const oversizeBodyPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", (request, reply, payload, next) => {
    const raw = request.raw;
    if (reply.statusCode === 413 && !raw.complete) {
      reply.removeHeader("connection");
      let drained = 0;
      const onData = (chunk: Buffer): void => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) raw.socket.destroy();
      };
      raw.on("data", onData);
      raw.once("end", () => raw.off("data", onData));
      raw.once("close", () => raw.off("data", onData));
    }
    next(null, payload);
  });
  done();
};

export const oversizeBody = fp(oversizeBodyPlugin, { name: "tarmac-oversize-body" });
