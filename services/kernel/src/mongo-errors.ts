import { MongoError, MongoNetworkError, MongoServerSelectionError } from "mongodb";

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
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) return true;
  return error instanceof MongoError && TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label));
}
