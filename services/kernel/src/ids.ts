import { decodeTime, monotonicFactory } from "ulidx";

const ulid = monotonicFactory();

/** Time-ordered, unique ids with a type prefix, e.g. `srch_01JD...`. */
export function newId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}

/** When an id of `newId(prefix)` was made (a ULID starts with its creation time); undefined for other shapes. */
export function idCreatedAt(id: string, prefix: string): Date | undefined {
  const ulid = id.startsWith(`${prefix}_`) ? id.slice(prefix.length + 1) : "";
  if (!/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(ulid)) return undefined;
  return new Date(decodeTime(ulid));
}
