import { timestampDate, timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";

export function toTimestamp(date: Date): Timestamp {
  return timestampFromDate(date);
}

export function fromTimestamp(timestamp: Timestamp | undefined): Date | undefined {
  return timestamp ? timestampDate(timestamp) : undefined;
}
