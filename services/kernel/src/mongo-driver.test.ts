import { describe, expect, it } from "vitest";
import { isMongoServerError, loadMongoDriver, majorityTransaction, mongoDriver } from "./mongo-driver.js";

describe("loadMongoDriver", () => {
  it("loads the driver once, and then tells the server's refusals from its other errors and from look-alikes", async () => {
    const driver = await loadMongoDriver();
    expect(await loadMongoDriver()).toBe(driver);
    expect(mongoDriver()).toBe(driver);
    expect(isMongoServerError(new driver.MongoServerError({ message: "E11000 duplicate key", code: 11000 }))).toBe(true);
    expect(isMongoServerError(new driver.MongoNetworkError("connection reset"))).toBe(false);
    expect(isMongoServerError(Object.assign(new Error("E11000 duplicate key"), { code: 11000 }))).toBe(false);
  });

  it("makes the stores' transactions: snapshot reads, majority commit, on the primary, the commit bounded when asked", async () => {
    const driver = await loadMongoDriver();
    const bounded = majorityTransaction(5_000);
    expect(bounded).toMatchObject({ readConcern: { level: "snapshot" }, readPreference: "primary", maxCommitTimeMS: 5_000 });
    expect(bounded.writeConcern).toBeInstanceOf(driver.WriteConcern);
    expect(bounded.writeConcern).toMatchObject({ w: "majority" });
    expect(majorityTransaction()).not.toHaveProperty("maxCommitTimeMS");
  });
});
