import { randomFillSync } from "node:crypto";
import { decodeTime, monotonicFactory } from "ulidx";

/** Makes the ULID part of an id; replaced only by kernel/testing's seededIds (a recorded, repeatable run). */
type IdGenerator = (prefix: string) => string;

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let drawn = POOL_BYTES;

/**
 * ulidx's own generator, byte / 0xff from the system's CSPRNG, but drawn from a pool: ulidx asks
 * for one byte per character, and a crypto call per byte (16 per id) was a visible share of a
 * booking's CPU.
 */
function pooledRandom(): number {
  if (drawn === POOL_BYTES) {
    randomFillSync(pool);
    drawn = 0;
  }
  return (pool[drawn++] ?? 0) / 0xff;
}

const ulid = monotonicFactory(pooledRandom);
let generate: IdGenerator = () => ulid();

/** Time-ordered, unique ids with a type prefix, e.g. `srch_01JD...`. */
export function newId(prefix: string): string {
  return `${prefix}_${generate(prefix)}`;
}

/** Tests only: makes ids with `next` until the returned function puts the previous generator back. */
export function replaceIdGenerator(next: IdGenerator): () => void {
  const previous = generate;
  generate = next;
  return () => {
    generate = previous;
  };
}

/** When an id of `newId(prefix)` was made (a ULID starts with its creation time); undefined for other shapes. */
export function idCreatedAt(id: string, prefix: string): Date | undefined {
  const ulid = id.startsWith(`${prefix}_`) ? id.slice(prefix.length + 1) : "";
  if (!/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(ulid)) return undefined;
  return new Date(decodeTime(ulid));
}
