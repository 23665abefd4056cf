import type { Clock, Logger } from "@tarmac/kernel";

/**
 * Logs an outage once when it starts and once when it ends; the retries in between go to debug.
 * A relay retrying every few seconds through an hour-long NATS outage must not flood the logs.
 */
export class OutageLog {
  private outage: { since: Date; failures: number } | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly what: string,
  ) {}

  get ongoing(): boolean {
    return this.outage !== undefined;
  }

  failed(err: unknown, step: string, fields: Record<string, unknown> = {}): void {
    if (this.outage) {
      this.outage.failures++;
      this.logger.debug({ err, ...fields, failures: this.outage.failures }, `${this.what}: ${step} still fails`);
      return;
    }
    this.outage = { since: this.clock.now(), failures: 1 };
    this.logger.error({ err, ...fields }, `${this.what}: ${step} failed; retrying, will log on recovery`);
  }

  recovered(): void {
    if (!this.outage) return;
    const { since, failures } = this.outage;
    this.outage = undefined;
    const outageMs = this.clock.now().getTime() - since.getTime();
    this.logger.info({ failures, outageMs }, `${this.what} recovered`);
  }
}
