import { type Clock, deepCopy } from "@tarmac/kernel";
import type { FareLock, FareLockStore } from "./fare-lock-store.js";

export interface MemoryFareLockStoreOptions {
  readonly clock: Clock;
  /** How often expired locks are dropped; reads ignore them in between. */
  readonly sweepIntervalMs?: number;
}

/**
 * In-process price locks for development and tests. Locks are copied in and out like a database
 * would, so neither the caller of `save` nor a reader can change a stored lock afterwards.
 */
export class MemoryFareLockStore implements FareLockStore {
  private readonly locks = new Map<string, FareLock>();
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryFareLockStoreOptions) {
    this.clock = options.clock;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep must never keep a process alive on its own.
    this.sweeper.unref();
  }

  async save(lock: FareLock): Promise<void> {
    // An expired lock not yet swept still counts, as it does while MongoDB retains it.
    if (this.locks.has(lock.lockId)) throw new Error(`fare lock ${lock.lockId} already exists`);
    this.locks.set(lock.lockId, deepCopy(lock));
  }

  async find(lockId: string): Promise<FareLock | undefined> {
    const lock = this.locks.get(lockId);
    return lock && this.isLive(lock) ? deepCopy(lock) : undefined;
  }

  /** Drops every expired lock now (the timer calls this periodically). */
  sweep(): void {
    for (const [id, lock] of this.locks) {
      if (!this.isLive(lock)) this.locks.delete(id);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.locks.clear();
  }

  private isLive(lock: FareLock): boolean {
    return lock.lockedUntil.getTime() > this.clock.now().getTime();
  }
}
