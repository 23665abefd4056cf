import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Resident set size in MB now, and after a full garbage collection forced from here (no --expose-gc needed). */
export function residentMb(): { now: number; afterGc: number } {
  const now = process.memoryUsage().rss / 2 ** 20;
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  return { now, afterGc: process.memoryUsage().rss / 2 ** 20 };
}
