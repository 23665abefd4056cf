import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Clock } from "./clock.js";

/**
 * Who runs a background loop when several replicas of a service run it: a named lease with an
 * owner and an expiry. The holder renews it while it works; when it dies or stalls past the expiry
 * another replica takes over. Adapters: memory (one process: every claim succeeds for its one
 * owner at a time) and MongoDB (the fleet).
 */
export interface LeaseStore {
  /** Takes or renews `name` for `owner` until `ttlMs` from now; false while another owner holds it. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives it up if `owner` holds it, so another replica takes over at once (a clean stop). */
  release(name: string, owner: string): Promise<void>;
}

export class MemoryLeaseStore implements LeaseStore {
  private readonly leases = new Map<string, { owner: string; expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    const lease = this.leases.get(name);
    if (lease !== undefined && lease.owner !== owner && lease.expiresAt > now) return Promise.resolve(false);
    this.leases.set(name, { owner, expiresAt: now + ttlMs });
    return Promise.resolve(true);
  }

  release(name: string, owner: string): Promise<void> {
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
    return Promise.resolve();
  }
}

/** This process as a lease owner: host, pid and a random part (a restarted pod is a new owner). */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * One loop's hold on its lease. `held()` is asked before each round: it renews the lease once a
 * third of its time has passed (so a busy loop does not write on every round) and answers whether
 * this process may work. A store that cannot answer means "no": a loop that cannot prove it holds
 * the lease waits, which at worst delays the work by one expiry.
 */
export class LeaseHolder {
  private renewedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: LeaseStore,
    readonly name: string,
    private readonly clock: Clock,
    private readonly ttlMs = 15_000,
    readonly owner = leaseOwner(),
  ) {}

  async held(): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (now - this.renewedAt < this.ttlMs / 3) return true;
    const acquired = await this.store.acquire(this.name, this.owner, this.ttlMs).catch(() => false);
    this.renewedAt = acquired ? now : Number.NEGATIVE_INFINITY;
    return acquired;
  }

  async release(): Promise<void> {
    this.renewedAt = Number.NEGATIVE_INFINITY;
    await this.store.release(this.name, this.owner).catch(() => undefined);
  }
}
