import type { DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError, createContextValues, type HandlerContext } from "@connectrpc/connect";
import { asHeaders, PlainHeaders } from "./plain-headers.js";
import { deadlineTimer } from "../deadline-timer.js";

/** One reason for every call that ended normally: no new error (and stack trace) per call. */
const CALL_COMPLETED = new ConnectError("the call has completed", Code.Canceled);

export interface UnaryHandlerContextInit {
  readonly method: DescMethodUnary;
  readonly url: string;
  readonly requestHeader: Headers;
  /** The caller's deadline (`grpc-timeout`), if it set one. */
  readonly timeoutMs: number | undefined;
}

/** A HandlerContext the fast path ends itself: `abort` when the call completes or its caller leaves. */
export interface UnaryHandlerContext extends HandlerContext {
  abort(reason?: unknown): void;
}

/**
 * The context of one unary gRPC call on the fast path (unary-grpc-handler.ts), as Connect's
 * createHandlerContext makes it for the gRPC protocol: the signal aborts at the caller's deadline
 * (DEADLINE_EXCEEDED), when the caller goes away and when the call completes. One AbortController
 * and one timer per call, where Connect's links three controllers and copies every header into
 * new Headers objects (issue 17).
 */
export function createUnaryHandlerContext(init: UnaryHandlerContextInit): UnaryHandlerContext {
  const controller = new AbortController();
  const { timeoutMs } = init;
  const deadlineAt = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const timedOut = () => controller.abort(new ConnectError("the operation timed out", Code.DeadlineExceeded));
  let timer: NodeJS.Timeout | undefined;
  if (timeoutMs !== undefined) {
    if (timeoutMs <= 0) timedOut();
    else timer = deadlineTimer(timeoutMs, timedOut);
  }
  const responseHeader = new PlainHeaders();
  responseHeader.set("content-type", "application/grpc+proto");
  const responseTrailer = new PlainHeaders();
  responseTrailer.set("grpc-status", "0");
  return {
    method: init.method,
    service: init.method.parent,
    requestMethod: "POST",
    protocolName: "grpc",
    url: init.url,
    signal: controller.signal,
    timeoutMs: () => (deadlineAt === undefined ? undefined : deadlineAt - Date.now()),
    requestHeader: init.requestHeader,
    responseHeader: asHeaders(responseHeader),
    responseTrailer: asHeaders(responseTrailer),
    values: createContextValues(),
    abort(reason) {
      clearTimeout(timer);
      if (!controller.signal.aborted) controller.abort(reason ?? CALL_COMPLETED);
    },
  };
}
