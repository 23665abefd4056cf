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

  it("calls time limits retryable: maxTimeMS, the write concern's wtimeout, the pool's wait and the operation timeout", async () => {
    const { MongoServerError, MongoWriteConcernError, MongoOperationTimeoutError } = await loadMongoDriver();
    expect(
      isTransientStoreError(new MongoServerError({ message: "operation exceeded time limit", code: 50, codeName: "MaxTimeMSExpired" })),
    ).toBe(true);
    const wtimeout = new MongoWriteConcernError({
      ok: 1,
      writeConcernError: {
        code: 64,
        codeName: "WriteConcernFailed",
        errmsg: "waiting for replication timed out",
        errInfo: { wtimeout: true },
      },
    });
    expect(isTransientStoreError(wtimeout)).toBe(true);
    const steppedDown = new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 91, errmsg: "Replication is being shut down" } });
    expect(isTransientStoreError(steppedDown)).toBe(true);
    expect(isTransientStoreError(new MongoOperationTimeoutError("Timed out during operation"))).toBe(true);
    // Not exported by the driver: recognised by name, as the pool throws it after waitQueueTimeoutMS.
    const poolWait = new MongoServerError({ message: "Timed out while checking out a connection from connection pool" });
    Object.defineProperty(poolWait, "name", { value: "MongoWaitQueueTimeoutError" });
    expect(isTransientStoreError(poolWait)).toBe(true);
  });

  it("calls a write concern nobody can satisfy, and a bulk write with a failed document, not retryable", async () => {
    const { MongoBulkWriteError, MongoWriteConcernError, MongoTopologyClosedError } = await loadMongoDriver();
    const unsatisfiable = new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 100, errmsg: "Not enough data-bearing nodes" } });
    expect(isTransientStoreError(unsatisfiable)).toBe(false);
    const bulk = (writeErrors: boolean, concernCode: number | undefined): unknown =>
      Object.assign(Object.create(MongoBulkWriteError.prototype) as object, {
        result: {
          hasWriteErrors: () => writeErrors,
          getWriteConcernError: () => (concernCode === undefined ? undefined : { code: concernCode }),
        },
        errorLabelSet: new Set<string>(),
      });
    expect(isTransientStoreError(bulk(false, 64))).toBe(true);
    expect(isTransientStoreError(bulk(true, 64))).toBe(false);
    expect(isTransientStoreError(bulk(true, undefined))).toBe(false);
    // The client closing under a pod that drains: another pod will answer the retry.
    expect(isTransientStoreError(new MongoTopologyClosedError())).toBe(true);
  });
});
