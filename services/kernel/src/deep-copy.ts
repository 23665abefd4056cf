import rfdc from "rfdc";

/**
 * A deep copy of a plain record, as the in-memory stores hand records in and out so that neither a
 * caller nor the store can change the other's objects afterwards, as with a database. Objects and
 * arrays are copied all the way down; Dates, Maps, Sets and typed arrays come back as new ones of
 * the same kind; primitives (bigint included) as they are. rfdc rather than structuredClone: on a
 * booking it takes a fraction of the time, and the stores' records are plain data (no cycles,
 * functions or class instances), which is all it promises to copy. Unlike structuredClone it turns
 * an Error or a RegExp into `{}`, drops an own `__proto__` key, copies an object two fields share
 * twice and recurses forever on a cycle: a store whose records come to hold any of these needs
 * another copy.
 */
export const deepCopy: <T>(value: T) => T = rfdc();
