import { isMongoError, mongoDriver } from "./mongo-driver.js";

/** Labels the server and driver put on errors a retry may get past (elections, lost connections). */
const TRANSIENT_LABELS = [
  "TransientTransactionError",
  "UnknownTransactionCommitResult",
  "RetryableWriteError",
  "ResetPool",
  "PoolRequestedRetry",
];

/**
 * A MongoDB failure the caller may retry: no server selectable (failover, outage), a network error,
 * or an error the driver or server labels transient or retryable. Not a duplicate key, a validation
 * failure or any other answer that a retry would get again.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (!isMongoError(error)) return false;
  const { MongoNetworkError, MongoServerSelectionError } = mongoDriver();
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) return true;
  return TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label));
}
