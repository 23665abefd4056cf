import { noResponse } from "./provider-faults.js";

/**
 * A caller that gave no signal would otherwise wait forever; real airline connections are cut by
 * the network long before this.
 */
const SILENCE_LIMIT_MS = 60_000;

/**
 * The timeout scenario: an airline that never answers. Rejects with the signal's reason once the
 * caller gives up (the caller owns the deadline and names it PROVIDER_TIMEOUT); without a signal,
 * after `limitMs` with PROVIDER_UNAVAILABLE. The timer is unref'd and cleared on abort, so a
 * pending call keeps no process alive and leaves nothing behind.
 */
export function neverAnswers(signal: AbortSignal | undefined, limitMs = SILENCE_LIMIT_MS): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      reject(noResponse(limitMs));
    }, limitMs);
    timer.unref();
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
