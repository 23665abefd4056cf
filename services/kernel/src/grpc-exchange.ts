import { constants, type ClientHttp2Stream, type IncomingHttpHeaders } from "node:http2";
import { Code, ConnectError } from "@connectrpc/connect";
import type { Http2SessionManager } from "@connectrpc/connect-node";
import { headerRecord, webHeaders } from "./http2-headers.js";

/** What came back for one request on its HTTP/2 stream. */
export interface GrpcExchangeResult {
  readonly status: number;
  readonly header: Headers;
  readonly trailer: Headers;
  readonly body: Buffer;
}

export interface GrpcExchange {
  readonly path: string;
  readonly header: Headers;
  readonly body: Uint8Array;
  /** Time allowed for the whole exchange; undefined: none. */
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
}

// Made once: a timeout or a cancellation is not worth a new stack trace per call (issue 17).
const deadlineExceeded = new ConnectError("the operation timed out", Code.DeadlineExceeded);

/**
 * One request on a session of `sessions` (Connect's own manager: it connects, reconnects, pings
 * and closes idle sessions), read to its end: the response's status, headers, trailers and body.
 * It ends early with DEADLINE_EXCEEDED when `timeoutMs` passes and with the signal's reason when
 * it aborts, resetting the stream with CANCEL as gRPC asks; transport failures become the codes
 * Connect gives them (refused connection: UNAVAILABLE).
 */
export async function exchange(sessions: Http2SessionManager, call: GrpcExchange): Promise<GrpcExchangeResult> {
  if (call.signal?.aborted) throw ConnectError.from(call.signal.reason, Code.Canceled);
  const stream = await sessions.request("POST", call.path, headerRecord(call.header), {}).catch((reason: unknown) => {
    throw errorOf(reason);
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let header = new Headers();
    let trailer = new Headers();
    let failure: ConnectError | undefined;
    const fail = (error: ConnectError) => {
      failure ??= error;
      if (!stream.closed) stream.close(constants.NGHTTP2_CANCEL);
    };
    const onAbort = () => fail(ConnectError.from(call.signal?.reason, Code.Canceled));
    const timer = call.timeoutMs === undefined ? undefined : setTimeout(() => fail(deadlineExceeded), call.timeoutMs);
    call.signal?.addEventListener("abort", onAbort, { once: true });
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
      header = webHeaders(headers);
    });
    stream.on("trailers", (headers: IncomingHttpHeaders) => (trailer = webHeaders(headers)));
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // Connect's manager pings a session that reads nothing; a read tells it the session is alive.
      sessions.notifyResponseByteRead(stream);
    });
    stream.on("error", (error) => fail(errorOf(error)));
    stream.on("close", () => {
      clearTimeout(timer);
      call.signal?.removeEventListener("abort", onAbort);
      const reset = failure ?? resetError(stream);
      if (reset) reject(reset);
      else resolve({ status, header, trailer, body: Buffer.concat(chunks) });
    });
    stream.end(call.body);
  });
}

/** What an HTTP/2 reset means for the call (gRPC's PROTOCOL-HTTP2 mapping, as Connect applies it). */
function resetError(stream: ClientHttp2Stream): ConnectError | undefined {
  const code = stream.rstCode;
  // 0 (NO_ERROR) or unset: the stream ended normally.
  if (!code || code === constants.NGHTTP2_STREAM_CLOSED) return undefined;
  const message = `http/2 stream closed with error code 0x${code.toString(16)}`;
  if (code === constants.NGHTTP2_REFUSED_STREAM) return new ConnectError(message, Code.Unavailable);
  if (code === constants.NGHTTP2_CANCEL) return new ConnectError(message, Code.Canceled);
  if (code === constants.NGHTTP2_ENHANCE_YOUR_CALM) return new ConnectError(message, Code.ResourceExhausted);
  return new ConnectError(message, Code.Internal);
}

const UNAVAILABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT"]);
const ABORTED = new Set(["ECONNRESET", "ERR_STREAM_DESTROYED", "ERR_HTTP2_INVALID_STREAM", "ERR_STREAM_WRITE_AFTER_END"]);

/** A transport failure as Connect's Node client reports it (connectErrorFromNodeReason). */
function errorOf(reason: unknown): ConnectError {
  if (reason instanceof ConnectError) return reason;
  const codes: string[] = [];
  for (let e: unknown = reason; e instanceof Error && codes.length < 8; e = e.cause) {
    if ("code" in e && typeof e.code === "string") codes.push(e.code);
  }
  const code = codes.some((c) => UNAVAILABLE.has(c)) ? Code.Unavailable : codes.some((c) => ABORTED.has(c)) ? Code.Aborted : Code.Internal;
  const error = ConnectError.from(reason, code);
  if (error !== reason) error.cause = reason;
  return error;
}
