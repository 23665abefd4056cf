import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { DomainError } from "./errors/domain-error.js";
import { isTransientStoreError } from "./mongo-errors.js";
import { toConnectError } from "./errors/connect.js";
import type { Logger } from "./logger.js";
import { REQUEST_ID_HEADER, currentRequestId, isValidRequestId, newRequestId, withRequestId } from "./request-context.js";

/**
 * Server side: adopts the caller's request id (or makes one), echoes it, and runs the handler
 * inside it so logs and onward peer calls carry it.
 */
export function requestIdInterceptor(): Interceptor {
  return (next) => async (req) => {
    const given = req.header.get(REQUEST_ID_HEADER);
    const requestId = isValidRequestId(given) ? given : newRequestId();
    try {
      const res = await withRequestId(requestId, () => next(req));
      res.header.set(REQUEST_ID_HEADER, requestId);
      return res;
    } catch (cause) {
      // Error answers carry it too: a failed call is the one a caller most needs to trace.
      const error = ConnectError.from(cause);
      error.metadata.set(REQUEST_ID_HEADER, requestId);
      throw error;
    }
  };
}

/**
 * Server side: the one place a handler failure is logged and translated. Domain errors become
 * Connect errors with the catalogue detail; anything else is logged with its cause and answered
 * as a bare Internal error, so no stack or message of an unexpected failure leaves the process.
 */
export function errorInterceptor(logger: Logger): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (cause) {
      const log = logger.child({ rpc: req.url.split("/").slice(-2).join("/"), requestId: currentRequestId() });
      if (req.signal.aborted && !(cause instanceof DomainError && cause.status < 500)) {
        // The caller gave up (its deadline, or it went away): not this service's failure, so not an
        // error in its logs or metrics; what failed after it is moot.
        const code = req.signal.reason instanceof ConnectError ? req.signal.reason.code : Code.Canceled;
        log.info({ code: Code[code] }, "rpc abandoned by its caller");
        throw new ConnectError(code === Code.DeadlineExceeded ? "the caller's deadline passed" : "the caller cancelled the call", code);
      }
      if (cause instanceof DomainError) {
        // A refused caller is a warning, not this service's failure: anyone on the network can send
        // unsigned calls, and they must not flood the error log (its status is 500 only for agencies).
        const refusedCaller = cause.code === "SERVICE_CALLER_UNAUTHENTICATED" || cause.code === "SERVICE_CALLER_FORBIDDEN";
        const level = refusedCaller ? "warn" : cause.status >= 500 ? "error" : "info";
        log[level]({ code: cause.code, err: cause.cause ?? undefined }, `rpc failed: ${cause.message}`);
        throw toConnectError(cause);
      }
      if (cause instanceof ConnectError && cause.code !== Code.Internal && cause.code !== Code.Unknown) {
        log.info({ code: Code[cause.code] }, `rpc failed: ${cause.rawMessage}`);
        throw cause;
      }
      if (isTransientStoreError(cause)) {
        // The caller may retry: a failover, an unreachable or overloaded database is not a bug.
        log.warn({ err: cause }, "rpc failed: the store is unavailable");
        throw toConnectError(new DomainError("UNAVAILABLE", "The service's store is unavailable; please retry", { retryAfterSeconds: 1 }));
      }
      log.error({ err: cause }, "rpc failed unexpectedly");
      throw toConnectError(new DomainError("INTERNAL", "Internal error"));
    }
  };
}

/** Client side: forwards the current request id to the peer. */
export function forwardRequestIdInterceptor(): Interceptor {
  return (next) => (req) => {
    const requestId = currentRequestId();
    if (requestId && !req.header.has(REQUEST_ID_HEADER)) req.header.set(REQUEST_ID_HEADER, requestId);
    return next(req);
  };
}
