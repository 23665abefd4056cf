import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const heapMb = () => {
  const { heapUsed, heapTotal, arrayBuffers } = process.memoryUsage();
  return { heapUsed: heapUsed / 2 ** 20, heapTotal: heapTotal / 2 ** 20, arrayBuffers: arrayBuffers / 2 ** 20 };
};
const SETTLE_STEP_MS = 250;
const SETTLE_MAX_STEPS = 40;

/**
 * Resident set size in MB now, and after full garbage collections forced from here (no
 * --expose-gc needed) once it stops falling. V8 returns the pages a collection empties to the
 * system only after its concurrent sweepers finish, seconds later under a load just ended: read at
 * once, RSS still counts up to twice the live heap as garbage already collected (issue 17 measured
 * 920 MB right after the load and 495 MB four seconds later, with the same live heap).
 */
export interface ResidentMemory {
  readonly now: number;
  readonly afterGc: number;
  /** After the last forced GC: V8's live heap and the bytes of ArrayBuffers (encoded offers, Buffers), MB. */
  readonly heapUsed: number;
  /** V8's committed heap (used and free pages it keeps). */
  readonly heapTotal: number;
  readonly arrayBuffers: number;
}

export async function residentMb(): Promise<ResidentMemory> {
  const now = rssMb();
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  let last = Number.POSITIVE_INFINITY;
  for (let step = 0; step < SETTLE_MAX_STEPS; step++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const rss = rssMb();
    if (last - rss < 1) return { now, afterGc: rss, ...heapMb() };
    last = rss;
  }
  return { now, afterGc: last, ...heapMb() };
}
