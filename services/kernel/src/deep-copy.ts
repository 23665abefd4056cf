import rfdc from "rfdc";

/**
 * A deep copy of a plain record, as the in-memory stores hand records in and out so that neither a
 * caller nor the store can change the other's objects afterwards, as with a database. Objects and
 * arrays are copied all the way down; Dates, Maps, Sets and typed arrays come back as new ones of
 * the same kind; primitives (bigint included) as they are. rfdc rather than structuredClone: on a
 * booking it takes a fraction of the time, and the stores' records are plain data (no cycles,
 * functions or class instances), which is all it promises to copy.
 */
export const deepCopy: <T>(value: T) => T = rfdc();
