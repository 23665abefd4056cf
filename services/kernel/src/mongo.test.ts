import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { mongoProbe } from "./mongo.js";

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
