import type * as Mongo from "mongodb";

type MongoDriver = typeof Mongo;

let loading: Promise<MongoDriver> | undefined;
let loaded: MongoDriver | undefined;

/**
 * The MongoDB driver, evaluated when the first client opens (openMongo) rather than when the code
 * loads: the embedded stack never connects, and evaluating the driver and bson cost about 165 ms of
 * its start (issue 17). Every other file imports only the driver's types (eslint.config.js holds them
 * to it); at run time they check errors with isMongoError and isMongoServerError, and take the rest
 * (Long, other error classes) from mongoDriver().
 */
export function loadMongoDriver(): Promise<MongoDriver> {
  loading ??= import("mongodb").then((driver) => (loaded = driver));
  return loading;
}

/**
 * The loaded driver, for code that runs only on a MongoDB connection (the wallet's Long values):
 * its client came from loadMongoDriver (openMongo, or a test's), so the driver is there.
 */
export function mongoDriver(): MongoDriver {
  if (!loaded) throw new Error("The MongoDB driver is not loaded: open the client with openMongo (tests: loadMongoDriver)");
  return loaded;
}

// The two checks below answer false, rather than throw, while the driver is not loaded: no client
// has opened, so nothing can have thrown a MongoDB error, and a catch block must not lose the error
// it is looking at (a store test's fake database throws plain errors).

/** Any of the driver's errors: a failed connection, a server's refusal, a bad argument... */
export function isMongoError(error: unknown): error is Mongo.MongoError {
  return loaded !== undefined && error instanceof loaded.MongoError;
}

/** A server's refusal (a duplicate key, a missing index, a validation failure...). */
export function isMongoServerError(error: unknown): error is Mongo.MongoServerError {
  return loaded !== undefined && error instanceof loaded.MongoServerError;
}

/**
 * A multi-document transaction as the stores run them: snapshot reads, so every read of it sees
 * one point in time; a majority commit, so what it acknowledged survives a primary failover; always
 * on the primary (transactions need it). `maxCommitTimeMS` bounds the commit where a store sets it.
 * Made per transaction: the driver's WriteConcern exists once a client has opened (mongoDriver).
 */
export function majorityTransaction(maxCommitTimeMS?: number): Mongo.TransactionOptions {
  return {
    readConcern: { level: "snapshot" },
    writeConcern: new (mongoDriver().WriteConcern)("majority"),
    readPreference: "primary",
    ...(maxCommitTimeMS !== undefined && { maxCommitTimeMS }),
  };
}
