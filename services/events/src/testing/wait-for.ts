import { setTimeout as delay } from "node:timers/promises";

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(10);
  }
}
