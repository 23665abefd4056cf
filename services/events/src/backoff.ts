export interface BackoffOptions {
  readonly initialMs: number;
  readonly maxMs: number;
}

/** Exponential retry delays: initialMs, doubling, capped at maxMs; `reset` after a success. */
export class Backoff {
  private failures = 0;

  constructor(private readonly options: BackoffOptions) {
    if (!(options.initialMs > 0) || !(options.maxMs >= options.initialMs)) {
      throw new Error(`backoff needs 0 < initialMs <= maxMs, got ${options.initialMs} and ${options.maxMs}`);
    }
  }

  /** The delay before the next attempt, counting this call as one more failure. */
  next(): number {
    // Capping the exponent keeps 2 ** n finite however long an outage lasts.
    const delay = this.options.initialMs * 2 ** Math.min(this.failures, 52);
    this.failures++;
    return Math.min(delay, this.options.maxMs);
  }

  reset(): void {
    this.failures = 0;
  }
}
