import type { Logger } from "./logger.js";

export interface Periodic {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs`, never two runs at once (a slow run delays the next instead of
 * piling up), logging failures instead of crashing. The timer never keeps a process alive.
 */
export function runEvery(intervalMs: number, name: string, logger: Logger, task: () => Promise<unknown>): Periodic {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, task: name }, `${name} failed; retrying on the next run`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
