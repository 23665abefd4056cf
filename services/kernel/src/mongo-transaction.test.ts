import type { ClientSession, MongoClient, TransactionOptions } from "mongodb";
import { describe, expect, it } from "vitest";
import { loadMongoDriver } from "./mongo-driver.js";
import { runTransaction } from "./mongo-transaction.js";
import { withDeadline, withRequestId } from "./request-context.js";

/** A session whose commits fail as `commit` says; records what each transaction was started with. */
function fakeClient(commit: () => Promise<void>) {
  const started: TransactionOptions[] = [];
  let open = false;
  let ended = false;
  const session = {
    startTransaction(options: TransactionOptions) {
      started.push(options);
      open = true;
    },
    inTransaction: () => open,
    abortTransaction() {
      open = false;
      return Promise.resolve();
    },
    async commitTransaction() {
      await commit();
      open = false;
    },
    endSession() {
      ended = true;
      return Promise.resolve();
    },
  };
  const client = { startSession: () => session as unknown as ClientSession } as unknown as MongoClient;
  return { client, started, ended: () => ended };
}

const inCall = <T>(deadlineMs: number, fn: () => Promise<T>) => withRequestId("req", () => withDeadline(Date.now() + deadlineMs, fn));

describe("runTransaction", () => {
  it("retries a transient conflict and commits, bounding the commit by maxCommitTimeMS", async () => {
    const { MongoServerError } = await loadMongoDriver();
    const { client, started, ended } = fakeClient(() => Promise.resolve());
    let tries = 0;
    const result = await runTransaction(
      client,
      () => {
        if (tries++ === 0) throw new MongoServerError({ message: "WriteConflict", code: 112, errorLabels: ["TransientTransactionError"] });
        return Promise.resolve("done");
      },
      { maxCommitTimeMS: 5_000 },
    );
    expect(result).toBe("done");
    expect(started).toHaveLength(2);
    expect(started[1]).toMatchObject({ maxCommitTimeMS: 5_000, readConcern: { level: "snapshot" }, readPreference: "primary" });
    expect(ended()).toBe(true);
  });

  it("stops retrying transient failures at the caller's deadline, not after the driver's 120 s", async () => {
    const { MongoServerError } = await loadMongoDriver();
    const { client, started } = fakeClient(() => Promise.resolve());
    const conflict = new MongoServerError({ message: "WriteConflict", code: 112, errorLabels: ["TransientTransactionError"] });
    const began = Date.now();
    const outcome = await inCall(300, () => runTransaction(client, () => Promise.reject(conflict), { maxCommitTimeMS: 10_000 })).catch(
      (e: unknown) => e,
    );
    expect(outcome).toBe(conflict);
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(started.length).toBeGreaterThan(1);
    // The commit bound never exceeds what is left of the caller's time.
    expect(started[0]!.maxCommitTimeMS).toBeLessThanOrEqual(300);
  });

  it("stops committing again after an unknown commit result at the deadline, and outside a call after its budget", async () => {
    const { MongoNetworkError } = await loadMongoDriver();
    const lost = new MongoNetworkError("connection reset during commit");
    lost.addErrorLabel("UnknownTransactionCommitResult");
    let commits = 0;
    const { client } = fakeClient(async () => {
      commits++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw lost;
    });
    let began = Date.now();
    await expect(inCall(200, () => runTransaction(client, () => Promise.resolve(1), { maxCommitTimeMS: 10_000 }))).rejects.toBe(lost);
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(commits).toBeGreaterThan(1);
    began = Date.now();
    await expect(runTransaction(client, () => Promise.resolve(1), { maxCommitTimeMS: 10_000, budgetMs: 200 })).rejects.toBe(lost);
    expect(Date.now() - began).toBeLessThan(1_000);
  });

  it("gives up at once on an error a retry would repeat, and on a caller that went away", async () => {
    const { MongoServerError } = await loadMongoDriver();
    const { client, started } = fakeClient(() => Promise.resolve());
    const duplicate = new MongoServerError({ message: "E11000 duplicate key", code: 11000 });
    await expect(runTransaction(client, () => Promise.reject(duplicate), { maxCommitTimeMS: 1_000 })).rejects.toBe(duplicate);
    expect(started).toHaveLength(1);
    const gone = new AbortController();
    gone.abort(new Error("client went away"));
    await expect(runTransaction(client, () => Promise.resolve(1), { maxCommitTimeMS: 1_000, signal: gone.signal })).rejects.toThrow(
      "client went away",
    );
  });
});
