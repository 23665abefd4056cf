import type * as Mongo from "mongodb";
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
 * Server codes a retry may get past: the retryable-reads/-writes specification's codes (an election,
 * a member shutting down or unreachable), and time limits: MaxTimeMSExpired (50, the operation's
 * maxTimeMS ran out, e.g. behind a busy primary) and WriteConcernFailed (64, the majority did not
 * acknowledge in wtimeout). A write that timed out on its write concern may still be applied; the
 * stores' writes are idempotent under their keys, so retrying them is safe.
 */
const TRANSIENT_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  64, // WriteConcernFailed (wtimeout)
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** Driver errors the package does not export by class (cmap/errors): no connection from the pool in waitQueueTimeoutMS. */
const TRANSIENT_DRIVER_ERROR_NAMES = new Set(["MongoWaitQueueTimeoutError", "MongoPoolClosedError"]);

/**
 * A MongoDB failure the caller may retry: no server selectable (failover, outage), a network error,
 * a time limit run out (the operation's, the pool's wait, the write concern's), the client closing
 * under a draining pod, or an error the driver or server labels transient or retryable. Not a
 * duplicate key, a validation failure or any other answer that a retry would get again.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (!isMongoError(error)) return false;
  const { MongoBulkWriteError, MongoNetworkError, MongoOperationTimeoutError, MongoServerSelectionError, MongoTopologyClosedError } =
    mongoDriver();
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoTopologyClosedError ||
    TRANSIENT_DRIVER_ERROR_NAMES.has(error.name)
  ) {
    return true;
  }
  if (TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  if (error instanceof MongoBulkWriteError) return onlyTransientWriteConcernErrors(error);
  return typeof error.code === "number" && TRANSIENT_CODES.has(error.code);
}

/** An insertMany/bulkWrite whose writes all succeeded but whose write concern failed transiently. */
function onlyTransientWriteConcernErrors(error: Mongo.MongoBulkWriteError): boolean {
  const code = error.result.getWriteConcernError()?.code;
  return !error.result.hasWriteErrors() && code !== undefined && TRANSIENT_CODES.has(code);
}
