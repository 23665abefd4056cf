/**
 * Counts the relay's failed rounds that stopped at the same event: a round that fails elsewhere,
 * or succeeds, starts the count again.
 */
export class PoisonWatch {
  private stuck: { readonly eventId: string; failures: number } | undefined;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`parkAfterFailures must be at least 1, got ${limit}`);
  }

  /** Records a round that failed at `eventId`; true once it has failed `limit` rounds in a row. */
  failedAt(eventId: string): boolean {
    if (this.stuck?.eventId !== eventId) this.stuck = { eventId, failures: 0 };
    this.stuck.failures++;
    return this.stuck.failures >= this.limit;
  }

  clear(): void {
    this.stuck = undefined;
  }
}
