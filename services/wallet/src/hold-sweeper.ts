import type { Clock, LeaseHolder, Logger } from "@tarmac/kernel";
import type { WalletStore } from "./store/wallet-store.js";

export interface HoldSweeperOptions {
  readonly store: WalletStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly intervalMs: number;
  /** Holds voided per store query; a run keeps going until none are left (bounded by maxPerRun). */
  readonly batchSize?: number;
  readonly maxPerRun?: number;
  /** With several replicas, the lease that lets one sweep at a time (they would void the same holds in the same order). */
  readonly lease?: LeaseHolder;
}

/**
 * Voids expired, uncaptured holds, releasing their money. Each hold is voided by its own
 * command (reason EXPIRED), so a capture racing the sweep either commits first (the sweep then
 * leaves the hold alone) or is refused; several instances may sweep at once. Capture refuses an
 * expired hold by itself, so the sweep only decides when the money shows as available again.
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly batchSize: number;
  private readonly maxPerRun: number;

  constructor(private readonly options: HoldSweeperOptions) {
    this.batchSize = options.batchSize ?? 100;
    this.maxPerRun = options.maxPerRun ?? 10_000;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs);
    // The sweep must never keep a process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.options.lease?.release();
  }

  /** Voids every hold expired by now; resolves with how many it voided. Runs never overlap. */
  sweep(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Read through a call: stop() may run while a void is awaited, which narrowing of the field cannot see. */
  private stopRequested(): boolean {
    return this.stopped;
  }

  private async run(): Promise<number> {
    const { store, clock, logger } = this.options;
    if (this.options.lease && !(await this.options.lease.held())) return 0;
    let voided = 0;
    let seen = 0;
    const failed = new Set<string>();
    while (!this.stopped && seen < this.maxPerRun) {
      let ids: string[];
      try {
        ids = (await store.expiredHoldIds(clock.now(), this.batchSize + failed.size)).filter((id) => !failed.has(id));
      } catch (err) {
        logger.error({ err }, "hold sweep could not read expired holds");
        break;
      }
      if (ids.length === 0) break;
      for (const holdId of ids) {
        if (this.stopRequested()) break;
        seen++;
        try {
          const result = await store.execute({ type: "void", holdId, reason: "EXPIRED" });
          if (!result.replayed) {
            voided++;
            logger.info({ holdId, agentId: result.account.agentId, reference: result.hold?.reference }, "expired hold released");
          }
        } catch (err) {
          // Left for the next run; never retried in this one, so a bad hold cannot stall the loop.
          failed.add(holdId);
          logger.error({ err, holdId }, "hold sweep could not void an expired hold");
        }
      }
    }
    return voided;
  }
}
