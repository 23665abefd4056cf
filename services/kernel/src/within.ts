import { deadlineTimer } from "./deadline-timer.js";

/**
 * `promise`, or a rejection with `timedOut()` once `ms` have passed without it settling: a bound on
 * how long a caller waits for a call (a store, a peer) that may hang. The call itself is not
 * cancelled; bound the work too where the callee supports it (maxTimeMS, an AbortSignal).
 */
export function within<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = deadlineTimer(ms, () => reject(timedOut()));
    // A bound never keeps a process alive on its own.
    timer?.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
