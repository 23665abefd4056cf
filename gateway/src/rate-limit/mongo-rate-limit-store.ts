import { type Clock, isMongoServerError, type Logger, systemClock, within } from "@tarmac/kernel";
import type { Collection, Db } from "mongodb";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

export const RATE_LIMIT_COLLECTION = "rate_limit_windows";
const DUPLICATE_KEY = 11000;
/**
 * A window's document outlives its window by this much: the TTL monitor deletes by the server's
 * clock, and a server clock ahead of the gateway's would otherwise delete a window still counting,
 * so its next hit would start again from one. Each window has a document of its own (its start is
 * in the _id), so a late deletion costs only space.
 */
const SKEW_MARGIN_MS = 60_000;

export interface MongoRateLimitStoreOptions {
  /** Told when MongoDB fails and when it answers again. */
  readonly logger: Logger;
  /** Where window starts come from; tests move it by hand. */
  readonly clock?: Clock;
  /**
   * How long one increment may take before the request is counted in memory instead (default 250
   * ms): a slow limiter would make every request slow.
   */
  readonly timeoutMs?: number;
  /** After a failure, how long requests are counted in memory before MongoDB is tried again (default 5 s). */
  readonly retryAfterMs?: number;
}

interface WindowDocument {
  /** The bucket key and the start of its window: one document per (key, window start). */
  _id: { key: string; start: Date };
  count: number;
  /** When the window ends; the TTL index deletes the document after that. */
  expiresAt: Date;
}

/**
 * Counters shared by every gateway replica: collection `rate_limit_windows`, one document per
 * bucket key and window. Windows are aligned to the clock (start = now rounded down to windowMs),
 * so all replicas count into the same document. Each hit is one atomic findOneAndUpdate with
 * `$inc` and `upsert`, so concurrent hits, from any replica, are all counted. A TTL index on
 * `expiresAt` deletes past windows (the TTL monitor runs about once a minute; a past window is
 * never read again, so lateness costs only disk).
 *
 * Write concern 1, not majority: a limiter tolerates an increment lost in a failover (a few
 * requests too many for one second) far better than a replication round trip added to every API
 * request.
 *
 * When MongoDB fails or is slower than `timeoutMs`, the store fails open, but not all the way: the
 * failure is logged and, for `retryAfterMs`, requests are counted in this process's memory instead,
 * so each replica still holds every key to its limit (the fleet to replicas x limit) while the API
 * stays up. Failing closed (refusing everything) would turn a limiter outage into an API outage.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private readonly windows: Collection<WindowDocument>;
  private readonly fallback = new MemoryRateLimitStore();
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly retryAfterMs: number;
  /** While set, MongoDB failed and is not asked before this time (ms since epoch). */
  private unavailableUntil: number | undefined;

  constructor(db: Db, options: MongoRateLimitStoreOptions) {
    this.windows = db.collection<WindowDocument>(RATE_LIMIT_COLLECTION, { writeConcern: { w: 1 } });
    this.logger = options.logger;
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 250;
    this.retryAfterMs = options.retryAfterMs ?? 5_000;
  }

  async ensureIndexes(): Promise<void> {
    await this.windows.createIndexes([{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }]);
  }

  async increment(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.clock.now().getTime();
    if (this.unavailableUntil !== undefined && now < this.unavailableUntil) return this.fallback.increment(key, windowMs);
    try {
      const hit = await within(
        this.incrementInMongo(key, windowMs, now),
        this.timeoutMs,
        () => new Error(`MongoDB did not answer within ${this.timeoutMs} ms`),
      );
      if (this.unavailableUntil !== undefined) {
        this.unavailableUntil = undefined;
        this.logger.info("rate limits: MongoDB answers again; counting there");
      }
      return hit;
    } catch (err) {
      // Only the first failure of an outage is logged: the retry interval bounds the log rate.
      if (this.unavailableUntil === undefined) {
        this.logger.error(
          { err, retryAfterMs: this.retryAfterMs },
          "rate limits: MongoDB failed; counting in this process's memory until it answers (fail open to per-process limits)",
        );
      }
      this.unavailableUntil = now + this.retryAfterMs;
      return this.fallback.increment(key, windowMs);
    }
  }

  private async incrementInMongo(key: string, windowMs: number, now: number): Promise<RateLimitHit> {
    const start = now - (now % windowMs);
    const resetAt = start + windowMs;
    const hit = async () => {
      const window = await this.windows.findOneAndUpdate(
        { _id: { key, start: new Date(start) } },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(resetAt + SKEW_MARGIN_MS) } },
        { upsert: true, returnDocument: "after", projection: { count: 1 }, maxTimeMS: this.timeoutMs },
      );
      if (!window) throw new Error("rate limit upsert returned no document");
      return { current: window.count, resetInMs: resetAt - now };
    };
    try {
      return await hit();
    } catch (error) {
      // Two first hits of a window can race to insert it; the server usually retries such an
      // upsert itself, and when it does not, the loser's second try finds the document.
      if (isMongoServerError(error) && error.code === DUPLICATE_KEY) return hit();
      throw error;
    }
  }
}
