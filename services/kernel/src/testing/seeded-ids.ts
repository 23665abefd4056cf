import { monotonicFactory, type ULIDFactory } from "ulidx";
import type { Clock } from "../clock.js";
import { replaceIdGenerator } from "../ids.js";

/** mulberry32 over a 32-bit FNV-1a of the seed: small, and the same numbers on every machine. */
function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Until the returned function is called, every `newId` of this process is repeatable: its time is
 * `clock`'s (so ids and the clock agree, as `idCreatedAt` expects) and its random part comes from
 * a generator per prefix seeded with `seed`, so the n-th booking id of a run is the same in every
 * run however the other kinds of ids interleave with it. Ids stay unique and time-ordered.
 */
export function seededIds(clock: Clock, seed: string): () => void {
  const factories = new Map<string, ULIDFactory>();
  return replaceIdGenerator((prefix) => {
    let ulid = factories.get(prefix);
    if (!ulid) {
      ulid = monotonicFactory(seededRandom(`${seed}|${prefix}`));
      factories.set(prefix, ulid);
    }
    return ulid(clock.now().getTime());
  });
}
