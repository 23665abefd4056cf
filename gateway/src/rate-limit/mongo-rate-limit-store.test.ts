import { createLogger, type Logger } from "@tarmac/kernel";
import { describeOnMongo, ManualClock } from "@tarmac/kernel/testing";
import { type Db } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { MongoRateLimitStore, RATE_LIMIT_COLLECTION } from "./mongo-rate-limit-store.js";
import { CONTRACT_WINDOW_MS, rateLimitStoreContract } from "./rate-limit-store.contract.js";

/**
 * A clock an hour ahead, on a window boundary: the server's TTL monitor runs on real time and would
 * reap a window dated now while a test still counts in it.
 */
const alignedFutureClock = () => new ManualClock(new Date(Math.floor(Date.now() / 3_600_000 + 1) * 3_600_000));

function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ name: "gateway", level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describeOnMongo("MongoRateLimitStore against MongoDB", (mongo) => {
  const { logger, lines } = capturingLogger();

  beforeAll(async () => {
    await new MongoRateLimitStore(mongo.db, { logger }).ensureIndexes();
  });

  rateLimitStoreContract(async () => {
    const clock = alignedFutureClock();
    // A generous timeout: a slow CI database must not make the contract test the memory fallback.
    return { store: new MongoRateLimitStore(mongo.db, { logger, clock, timeoutMs: 5_000 }), advance: (ms) => clock.advance(ms) };
  });

  it("never fell back to memory during the contract", () => {
    expect(lines.filter((l) => l.level === 50)).toEqual([]);
  });

  it("creates the TTL index on the window's expiry", async () => {
    const indexes = await mongo.db.collection(RATE_LIMIT_COLLECTION).indexes();
    expect(indexes.find((i) => i.name === "expiresAt_ttl")).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
  });

  it("keeps one document per key and window start, expiring a minute after the window ends (a server clock ahead cannot reset it early)", async () => {
    const clock = alignedFutureClock();
    const store = new MongoRateLimitStore(mongo.db, { logger, clock, timeoutMs: 5_000 });
    const key = `key:doc-${Date.now()}|search`;
    clock.advance(250);
    await store.increment(key, CONTRACT_WINDOW_MS);
    await store.increment(key, CONTRACT_WINDOW_MS);
    const start = new Date(clock.now().getTime() - 250);
    const docs = await mongo.db.collection(RATE_LIMIT_COLLECTION).find({ "_id.key": key }).toArray();
    expect(docs).toEqual([{ _id: { key, start }, count: 2, expiresAt: new Date(start.getTime() + CONTRACT_WINDOW_MS + 60_000) }]);
  });

  it("counts exactly across store instances (as across gateway replicas)", async () => {
    const clock = alignedFutureClock();
    const stores = Array.from({ length: 5 }, () => new MongoRateLimitStore(mongo.db, { logger, clock, timeoutMs: 5_000 }));
    const key = `key:replicas-${Date.now()}|default`;
    const hits = await Promise.all(stores.flatMap((s) => Array.from({ length: 10 }, () => s.increment(key, CONTRACT_WINDOW_MS))));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

/** A Db whose rate limit collection does what the test says, recording its calls. */
function fakeDb(findOneAndUpdate: (...args: unknown[]) => Promise<unknown>) {
  const calls: unknown[][] = [];
  const collectionOptions: unknown[] = [];
  const db = {
    collection: (_name: string, options: unknown) => {
      collectionOptions.push(options);
      return {
        findOneAndUpdate: (...args: unknown[]) => {
          calls.push(args);
          return findOneAndUpdate(...args);
        },
      };
    },
  } as unknown as Db;
  return { db, calls, collectionOptions };
}

describe("MongoRateLimitStore without a database", () => {
  it("asks for one atomic upsert with $inc on the (key, window start) document, written with w: 1", async () => {
    const clock = new ManualClock(new Date(1_800_000_000_250));
    const { db, calls, collectionOptions } = fakeDb(async () => ({ count: 7 }));
    const store = new MongoRateLimitStore(db, { logger: capturingLogger().logger, clock });
    expect(await store.increment("key:k1|search", 1_000)).toEqual({ current: 7, resetInMs: 750 });
    expect(collectionOptions).toEqual([{ writeConcern: { w: 1 } }]);
    expect(calls).toEqual([
      [
        { _id: { key: "key:k1|search", start: new Date(1_800_000_000_000) } },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(1_800_000_061_000) } },
        expect.objectContaining({ upsert: true, returnDocument: "after" }),
      ],
    ]);
  });

  it("fails open to counting in memory when MongoDB fails, logs once, and tries again after retryAfterMs", async () => {
    const clock = new ManualClock(new Date(1_800_000_000_000));
    let healthy = false;
    const { db, calls } = fakeDb(async () => {
      if (!healthy) throw new Error("connection refused");
      return { count: 1 };
    });
    const { logger, lines } = capturingLogger();
    const store = new MongoRateLimitStore(db, { logger, clock, retryAfterMs: 5_000 });

    // Counted in memory meanwhile: the key is still held to its limit by this process.
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await store.increment("key:k1|default", 1_000)).current);
    expect(counts).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(1);
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: expect.stringContaining("fail open"), err: { message: "connection refused" } });

    healthy = true;
    clock.advance(4_999);
    await store.increment("key:k1|default", 1_000);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect((await store.increment("key:k1|default", 1_000)).current).toBe(1);
    expect(calls).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: expect.stringContaining("answers again") });
  });

  it("does not wait for a MongoDB slower than timeoutMs", async () => {
    const { db } = fakeDb(() => new Promise(() => undefined));
    const { logger, lines } = capturingLogger();
    const store = new MongoRateLimitStore(db, { logger, timeoutMs: 50 });
    const started = Date.now();
    expect(await store.increment("key:k1|default", 1_000)).toMatchObject({ current: 1 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: "MongoDB did not answer within 50 ms" } });
  });
});
