import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { MONGO_CLIENT_OPTIONS, mongoProbe } from "./mongo.js";

/** No MongoDB needed: the probe against an address nothing listens on. */
describe("mongoProbe", () => {
  let client: MongoClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it("fails within its timeout, not the driver's 30 s server selection, while MongoDB is unreachable", async () => {
    client = new MongoClient("mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=30000");
    const probe = mongoProbe(client.db("tarmac"), 200);
    expect(probe.name).toBe("mongodb");
    const started = Date.now();
    await expect(probe.check()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("MONGO_CLIENT_OPTIONS", () => {
  it("bounds the wait for a pooled connection, which the driver otherwise leaves unbounded", () => {
    const client = new MongoClient("mongodb://127.0.0.1:1/", MONGO_CLIENT_OPTIONS);
    expect(client.options.waitQueueTimeoutMS).toBe(2_000);
    expect(new MongoClient("mongodb://127.0.0.1:1/").options.waitQueueTimeoutMS).toBe(0);
    // The options object wins over the URI, as the comment on MONGO_CLIENT_OPTIONS says.
    expect(new MongoClient("mongodb://127.0.0.1:1/?waitQueueTimeoutMS=500", MONGO_CLIENT_OPTIONS).options.waitQueueTimeoutMS).toBe(2_000);
  });
});
