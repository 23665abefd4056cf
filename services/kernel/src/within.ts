/** The longest delay setTimeout keeps (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `promise`, or a rejection with `timedOut()` once `ms` have passed without it settling: a bound on
 * how long a caller waits for a call (a store, a peer) that may hang. The call itself is not
 * cancelled; bound the work too where the callee supports it (maxTimeMS, an AbortSignal).
 */
export function within<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  // A longer delay would fire at once (Node clamps it to 1 ms): a bound weeks away is none.
  if (ms > MAX_TIMER_MS) return promise;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
    // A bound never keeps a process alive on its own.
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
