import { monotonicFactory } from "ulidx";

const ulid = monotonicFactory();

/** Time-ordered, unique ids with a type prefix, e.g. `srch_01JD...`. */
export function newId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}
