/** The longest delay setTimeout keeps (2^31 - 1 ms, about 24.8 days): Node fires a longer one after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout for a deadline: `fire` once `ms` have passed, or never when `ms` is more than a timer
 * holds (undefined then), since a deadline weeks away is none, where Node would clamp it to 1 ms
 * and end the call at once. Clear it with clearTimeout as any timer.
 */
export function deadlineTimer(ms: number, fire: () => void): NodeJS.Timeout | undefined {
  return ms > MAX_TIMER_MS ? undefined : setTimeout(fire, ms);
}
