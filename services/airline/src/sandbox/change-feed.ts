import type { AirlineChange } from "@tarmac/airline-port";

/** A change before the feed numbers it (Omit over each member of the union). */
type NewChange = AirlineChange extends infer C ? (C extends AirlineChange ? Omit<C, "id"> : never) : never;

/** The changes kept for watchers that resume `after` one; a watcher further behind gets what is kept. */
const KEPT_CHANGES = 10_000;

/**
 * The changes the sandbox airline made of its own accord, numbered in order. Ids are the run's
 * (this airline object's start, base 36) and a sequence, so an id from an earlier run of a
 * restarted airline is never read as one of this run's: a watcher resuming after it gets every
 * change kept. In memory: a restart forgets them, and a hold that ends after it is told again.
 */
export class ChangeFeed {
  private readonly kept: AirlineChange[] = [];
  private sequence = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly run: string) {}

  publish(change: NewChange): void {
    this.sequence++;
    const id = `${this.run}-${String(this.sequence).padStart(9, "0")}`;
    this.kept.push({ ...change, id });
    if (this.kept.length > KEPT_CHANGES) this.kept.shift();
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /** The changes after the one with id `after` (ids of one run sort in order); all kept when absent or of another run. */
  after(after: string | undefined): AirlineChange[] {
    if (!after?.startsWith(`${this.run}-`)) return [...this.kept];
    return this.kept.filter((change) => change.id > after);
  }

  /** Resolves at the next change, after `ms`, or when `signal` aborts, whichever comes first. */
  next(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      this.waiting.add(done);
      if (signal?.aborted) done();
    });
  }
}
