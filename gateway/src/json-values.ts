import { fromTimestamp } from "@tarmac/kernel";

/** A proto Timestamp as the JSON of both surfaces writes it: RFC 3339 in UTC, "" when absent. */
export const isoText = (timestamp: Parameters<typeof fromTimestamp>[0]): string => fromTimestamp(timestamp)?.toISOString() ?? "";

/**
 * A generated enum's value by its member name (`Direction.OUTBOUND` is "OUTBOUND"), as `enumNames`
 * lists them for the schemas; "" for a number the enum does not have.
 */
export const enumName = (values: Record<number, string>, value: number): string => values[value] ?? "";
