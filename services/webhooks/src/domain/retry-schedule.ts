/**
 * When a failed delivery is tried again: exponential backoff from `firstDelayMs`, doubling up to
 * `maxDelayMs`, each delay spread by ±`jitter` (so a receiver coming back is not hit by every
 * delivery at once), until `giveUpAfterMs` from the first attempt; then the delivery is FAILED.
 */
export interface RetrySchedule {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly giveUpAfterMs: number;
  /** 0 to 1: the share of each delay drawn at random. */
  readonly jitter: number;
}

/** 30 s, 1 min, 2 min, ... up to 1 h between tries, for 24 hours: about 30 attempts. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  jitter: 0.2,
};

/**
 * The next attempt after `failedAttempts` failures of a delivery created at `createdAt`, or
 * undefined when the schedule is over. `random` is in [0, 1).
 */
export function nextAttemptAt(
  schedule: RetrySchedule,
  createdAt: Date,
  failedAttempts: number,
  now: Date,
  random: number = Math.random(),
): Date | undefined {
  const base = Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  const delay = base * (1 - schedule.jitter + 2 * schedule.jitter * random);
  const at = now.getTime() + Math.round(delay);
  return at - createdAt.getTime() > schedule.giveUpAfterMs ? undefined : new Date(at);
}
