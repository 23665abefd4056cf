import { describe, expect, it } from "vitest";
import { loadMongoDriver } from "./mongo-driver.js";
import { isTransientStoreError } from "./mongo-errors.js";

describe("isTransientStoreError", () => {
  it("calls failovers, lost connections and labelled errors transient, and answers a retry would repeat not", async () => {
    const { MongoNetworkError, MongoServerError, MongoServerSelectionError } = await loadMongoDriver();
    // The driver alone constructs these (it needs its topology); the prototype is what is checked.
    const noPrimary: unknown = Object.create(MongoServerSelectionError.prototype);
    expect(isTransientStoreError(noPrimary)).toBe(true);
    expect(isTransientStoreError(new MongoNetworkError("connection reset"))).toBe(true);
    const conflict = new MongoServerError({ message: "WriteConflict", code: 112, errorLabels: ["TransientTransactionError"] });
    expect(isTransientStoreError(conflict)).toBe(true);
    const stepDown = new MongoServerError({ message: "not primary", code: 10107, errorLabels: ["RetryableWriteError"] });
    expect(isTransientStoreError(stepDown)).toBe(true);
    expect(isTransientStoreError(new MongoServerError({ message: "E11000 duplicate key", code: 11000 }))).toBe(false);
    expect(isTransientStoreError(new MongoServerError({ message: "Document failed validation", code: 121 }))).toBe(false);
    expect(isTransientStoreError(new Error("a bug"))).toBe(false);
  });
});
