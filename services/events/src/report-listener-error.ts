import type { Logger } from "@tarmac/kernel";

/**
 * Listeners run on the writer's or the publisher's path, so their failures are reported and
 * swallowed: a broken subscriber must never fail a booking or stop the relay. Without a logger the
 * failure still surfaces as a process warning rather than vanishing.
 */
function reportListenerError(logger: Logger | undefined, err: unknown, msg: string): void {
  if (logger) {
    logger.error({ err }, msg);
    return;
  }
  process.emitWarning(err instanceof Error ? err : new Error(String(err)), { detail: msg });
}

/** Calls `listener`, reporting a throw or a rejected promise instead of propagating it. */
export function callSafely<A extends unknown[]>(listener: (...args: A) => unknown, args: A, logger: Logger | undefined, msg: string): void {
  try {
    const result = listener(...args);
    // A listener typed `() => void` may still be async; its rejection would be unhandled.
    if (result instanceof Promise) result.catch((err: unknown) => reportListenerError(logger, err, msg));
  } catch (err) {
    reportListenerError(logger, err, msg);
  }
}
