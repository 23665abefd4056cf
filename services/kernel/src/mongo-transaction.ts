import type { ClientSession, MongoClient } from "mongodb";
import { isMongoError, majorityTransaction } from "./mongo-driver.js";
import { currentDeadline } from "./request-context.js";

/**
 * How long a transaction may keep retrying when no caller's deadline bounds it (a sweep, a relay):
 * long enough for an election (about 10 s) and a retry after it, far short of the driver's 120 s.
 */
export const TRANSACTION_BUDGET_MS = 15_000;

export interface TransactionBounds {
  /**
   * maxCommitTimeMS of each commitTransaction: how long the server may wait for the majority to
   * acknowledge the commit (it answers MaxTimeMSExpired after it). Lowered to the time left.
   */
  readonly maxCommitTimeMS: number;
  /** Checked before each attempt: an aborted caller's transaction is not tried again. */
  readonly signal?: AbortSignal | undefined;
  /** The retry budget outside any call (TRANSACTION_BUDGET_MS). */
  readonly budgetMs?: number;
}

/**
 * `work` in a majority transaction (majorityTransaction), retried the way the driver's
 * withTransaction retries it (TransientTransactionError: the whole transaction;
 * UnknownTransactionCommitResult: the commit) but only until the caller's deadline
 * (request-context), or `budgetMs` outside a call, rather than the driver's fixed 120 s: a caller
 * whose deadline passed cannot use the answer, and a retry loop outliving it only holds a
 * connection. Past the deadline the last error is thrown as it came; it is transient, so callers
 * hear a retryable UNAVAILABLE (mongo-errors.ts). Errors that are not transient end it at once.
 */
export async function runTransaction<T>(
  client: MongoClient,
  work: (session: ClientSession) => Promise<T>,
  bounds: TransactionBounds,
): Promise<T> {
  const deadlineAt = currentDeadline() ?? Date.now() + (bounds.budgetMs ?? TRANSACTION_BUDGET_MS);
  const session = client.startSession();
  try {
    return await attempts(session, work, bounds, deadlineAt);
  } finally {
    await session.endSession();
  }
}

async function attempts<T>(
  session: ClientSession,
  work: (session: ClientSession) => Promise<T>,
  bounds: TransactionBounds,
  deadlineAt: number,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    bounds.signal?.throwIfAborted();
    if (attempt > 0) await backoff(attempt);
    const left = deadlineAt - Date.now();
    session.startTransaction(majorityTransaction(Math.max(1, Math.min(bounds.maxCommitTimeMS, left))));
    let result: T;
    try {
      result = await work(session);
    } catch (error) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      if (hasLabel(error, "TransientTransactionError") && Date.now() < deadlineAt) continue;
      throw error;
    }
    for (;;) {
      try {
        await session.commitTransaction();
        return result;
      } catch (error) {
        // The commit's outcome is unknown (a lost connection, an election): committing again is
        // safe (the server answers the first commit's outcome). Not after maxCommitTimeMS ran out.
        const unknown = hasLabel(error, "UnknownTransactionCommitResult") && !isMaxTimeMSExpired(error);
        if (unknown && Date.now() < deadlineAt) continue;
        if (!unknown && hasLabel(error, "TransientTransactionError") && Date.now() < deadlineAt) break;
        throw error;
      }
    }
  }
}

/** Jittered like the driver's: up to 5 ms × 1.5^attempt, at most 500 ms. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(5 * 1.5 ** attempt, 500);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function hasLabel(error: unknown, label: string): boolean {
  return isMongoError(error) && error.hasErrorLabel(label);
}

function isMaxTimeMSExpired(error: unknown): boolean {
  return isMongoError(error) && (error.code === 50 || (error as { codeName?: unknown }).codeName === "MaxTimeMSExpired");
}
