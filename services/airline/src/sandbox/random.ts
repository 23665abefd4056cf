/**
 * Seeded randomness. The sandbox never calls Math.random: every varying value (schedule, seats,
 * fare jitter) is drawn from a generator seeded by the hash of what it describes, so the same
 * inputs always give the same output.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEPARATOR = 0x7c; // "|"

function fnv1a(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash;
}

/** 32-bit FNV-1a over the UTF-16 code units of the text. */
export function hashString(text: string): number {
  return fnv1a(FNV_OFFSET, text) >>> 0;
}

/** The hash of the parts joined with "|", without building the joined string (a hot path). */
export function hashParts(parts: readonly (string | number)[]): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) hash = Math.imul(hash ^ SEPARATOR, FNV_PRIME);
    hash = fnv1a(hash, String(parts[i]));
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast generator with a 32-bit state; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
}

/** A generator seeded by the parts that identify what is being drawn. */
export function randomFor(...parts: readonly (string | number)[]): Random {
  const next = mulberry32(hashParts(parts));
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}
