import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { DomainError } from "./errors/domain-error.js";
import { toConnectError } from "./errors/connect.js";
import type { Logger } from "./logger.js";
import { currentDeadline, currentRequestId, withDeadline } from "./request-context.js";
import { within } from "./within.js";

const GRPC_TIMEOUT_UNITS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 0.001, n: 0.000_001 };

/**
 * The caller's deadline as this request states it: `grpc-timeout` (gRPC, gRPC-Web: an integer and
 * a unit, "2999m") or `connect-timeout-ms` (Connect); undefined when it sets none.
 */
export function remainingMsOf(header: Headers): number | undefined {
  const grpc = /^(\d{1,8})([HMSmun])$/.exec(header.get("grpc-timeout") ?? "");
  if (grpc) return Number(grpc[1]) * (GRPC_TIMEOUT_UNITS[grpc[2] ?? "m"] ?? 1);
  const connect = /^\d{1,10}$/.exec(header.get("connect-timeout-ms") ?? "");
  return connect ? Number(connect[0]) : undefined;
}

/** A `grpc-timeout` value: gRPC allows at most 8 digits, so a longer time takes a larger unit. */
export function grpcTimeoutOf(ms: number): string {
  if (ms < 1e8) return `${ms}m`;
  // Rounded down: a peer is never given more time than the caller has.
  const seconds = Math.floor(ms / 1000);
  return seconds < 1e8 ? `${seconds}S` : `${Math.min(99_999_999, Math.floor(ms / 3_600_000))}H`;
}

/** Less time than this left when a call arrives: nothing can be done in it, so nothing is started. */
const MIN_BUDGET_MS = 5;

/** Time kept back from the caller's deadline so the answer reaches it before the deadline does. */
const answerMarginMs = (remainingMs: number) => Math.min(100, remainingMs / 10);

/**
 * Server side: bounds each call by its caller's deadline. A call whose deadline has (all but)
 * passed when it arrives is not started, so a write sent too late does nothing. A call still
 * running just before the deadline answers UNAVAILABLE (retryable; the service could not finish in
 * time, a hung database for instance) instead of leaving the caller to time out blind; a write in
 * flight may still complete, which the callers' idempotency keys make safe to retry.
 */
export function deadlineInterceptor(logger: Logger): Interceptor {
  return (next) => (req) => {
    const remainingMs = remainingMsOf(req.header);
    if (remainingMs === undefined) return next(req);
    const budgetMs = remainingMs - answerMarginMs(remainingMs);
    if (budgetMs < MIN_BUDGET_MS) {
      return Promise.reject(
        new ConnectError("the caller's deadline had passed before the call started; nothing was done", Code.DeadlineExceeded),
      );
    }
    // Made only when the deadline passes: an error's stack trace costs more than the rest of this per call.
    let late: DomainError | undefined;
    const timedOut = () =>
      (late = new DomainError("UNAVAILABLE", "The service could not answer within the caller's deadline; please retry", {
        retryAfterSeconds: 1,
      }));
    // Peer calls made for this one get the time left, less the margin this answer needs.
    const work = withDeadline(Date.now() + budgetMs, () => next(req));
    return within(work, budgetMs, timedOut).catch((error: unknown) => {
      if (late === undefined || error !== late) throw error;
      // A warning, not an error: the caller retries; a run of these points at a slow dependency.
      logger.warn(
        { rpc: req.url.split("/").slice(-2).join("/"), requestId: currentRequestId(), budgetMs },
        "rpc answered UNAVAILABLE at its caller's deadline",
      );
      throw toConnectError(late);
    });
  };
}

/**
 * Client side: a peer call made while serving a call with a deadline carries no more time than is
 * left of it, so the peer stops work the caller can no longer use. A peer call made outside any
 * call (a sweep) keeps its own timeout.
 */
export function forwardDeadlineInterceptor(): Interceptor {
  return (next) => (req) => {
    const deadlineAt = currentDeadline();
    if (deadlineAt === undefined) return next(req);
    const leftMs = Math.max(1, Math.floor(deadlineAt - Date.now()));
    const ownMs = remainingMsOf(req.header);
    if (ownMs === undefined || ownMs > leftMs) {
      if (req.header.has("connect-timeout-ms")) req.header.set("connect-timeout-ms", String(leftMs));
      else req.header.set("grpc-timeout", grpcTimeoutOf(leftMs));
    }
    return next(req);
  };
}
