import { constants, type ClientHttp2Stream, type IncomingHttpHeaders } from "node:http2";
import { Code, ConnectError } from "@connectrpc/connect";
import type { Http2SessionManager } from "@connectrpc/connect-node";
import { headerRecord, webHeaders } from "./http2-headers.js";
import { deadlineTimer } from "../deadline-timer.js";

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

/**
 * One request on a session of `sessions` (Connect's own manager: it connects, reconnects, pings
 * and closes idle sessions), read to its end: the response's status, headers, trailers and body.
 * The deadline and the signal cover the whole call, waiting for a session included (a peer that
 * drops connection attempts would otherwise hold the call for the system's connect timeout): it
 * ends with DEADLINE_EXCEEDED when `timeoutMs` passes and with the signal's reason when it aborts,
 * resetting the stream with CANCEL as gRPC asks; transport failures become the codes Connect gives
 * them (refused connection: UNAVAILABLE).
 */
export function exchange(sessions: Http2SessionManager, call: GrpcExchange): Promise<GrpcExchangeResult> {
  if (call.signal?.aborted) return Promise.reject(ConnectError.from(call.signal.reason, Code.Canceled));
  return new Promise((resolve, reject) => {
    let stream: ClientHttp2Stream | undefined;
    let failure: ConnectError | undefined;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      call.signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (error: ConnectError) => {
      failure ??= error;
      // With a stream, its close settles the call; without one (still waiting for a session), this does.
      if (stream === undefined) settle(() => reject(error));
      else if (!stream.closed) stream.close(constants.NGHTTP2_CANCEL);
    };
    const onAbort = () => fail(ConnectError.from(call.signal?.reason, Code.Canceled));
    // A new error each time: interceptors add the call's metadata (its request id) to the one they get.
    const timer =
      call.timeoutMs === undefined
        ? undefined
        : deadlineTimer(call.timeoutMs, () => fail(new ConnectError("the operation timed out", Code.DeadlineExceeded)));
    call.signal?.addEventListener("abort", onAbort, { once: true });
    sessions.request("POST", call.path, headerRecord(call.header), {}).then(
      (opened) => {
        if (settled) {
          opened.close(constants.NGHTTP2_CANCEL);
          return;
        }
        stream = opened;
        const chunks: Buffer[] = [];
        let status = 0;
        let header = new Headers();
        let trailer = new Headers();
        opened.on("response", (headers) => {
          status = Number(headers[":status"]);
          header = webHeaders(headers);
        });
        opened.on("trailers", (headers: IncomingHttpHeaders) => (trailer = webHeaders(headers)));
        opened.on("data", (chunk: Buffer) => {
          // Connect's manager pings a session that reads nothing; a read tells it the session is alive.
          // Once per answer: each report restarts its ping timer, and a unary answer comes at once.
          if (chunks.push(chunk) === 1) sessions.notifyResponseByteRead(opened);
        });
        opened.on("error", (error) => {
          // The peer may answer (an error, say) and close before the whole request was written: its
          // answer is what counts, as in Connect's client.
          if (opened.writableEnded && codesOf(error).includes("ERR_STREAM_WRITE_AFTER_END")) return;
          fail(errorOf(error));
        });
        opened.on("close", () => {
          const reset = failure ?? resetError(opened);
          settle(() => (reset ? reject(reset) : resolve({ status, header, trailer, body: Buffer.concat(chunks) })));
        });
        opened.end(call.body);
      },
      (reason: unknown) => settle(() => reject(errorOf(reason))),
    );
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
  if (code === constants.NGHTTP2_INADEQUATE_SECURITY || code === constants.NGHTTP2_HTTP_1_1_REQUIRED) {
    return new ConnectError(message, Code.PermissionDenied);
  }
  return new ConnectError(message, Code.Internal);
}

const UNAVAILABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT"]);
const ABORTED = new Set(["ECONNRESET", "ERR_STREAM_DESTROYED", "ERR_HTTP2_INVALID_STREAM", "ERR_STREAM_WRITE_AFTER_END"]);

/** A transport failure as Connect's Node client reports it (connectErrorFromNodeReason, same order). */
function errorOf(reason: unknown): ConnectError {
  if (reason instanceof ConnectError) return reason;
  const codes = codesOf(reason);
  const code = codes.some((c) => ABORTED.has(c)) ? Code.Aborted : codes.some((c) => UNAVAILABLE.has(c)) ? Code.Unavailable : Code.Internal;
  const error = ConnectError.from(reason, code);
  if (error !== reason) error.cause = reason;
  return error;
}

/** The Node error codes along an error's chain of causes. */
function codesOf(reason: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = reason; e instanceof Error && codes.length < 8; e = e.cause) {
    if ("code" in e && typeof e.code === "string") codes.push(e.code);
  }
  return codes;
}
