import { vi } from "vitest";
import type { OutboxBacklog } from "../outbox.js";

/**
 * Resolves once the relay (or outbox) reports nothing pending, the way an operator's backlog
 * gauge would show it; fails the test after `timeoutMs` naming what is still pending.
 */
export async function drained(source: { backlog(): Promise<OutboxBacklog> }, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const { pending } = await source.backlog();
      if (pending !== 0) throw new Error(`${pending} event(s) still pending after ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 10 },
  );
}
