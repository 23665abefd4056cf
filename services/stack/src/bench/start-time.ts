import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "@tarmac/kernel";
import { README_START } from "../testing/spawn-stack.js";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const STACK_MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
/** Where `pnpm build stack` (and `pnpm start`) put the compiled stack. */
export const STACK_DIST = fileURLToPath(new URL("../../../../dist/stack/", import.meta.url));
const TIMEOUT_MS = 30_000;

/** The one-process stack's TypeScript entry point through tsx (`pnpm start:tsx`), with no package manager in front. */
export const stackProcessTsx = (): [string, string[]] => [process.execPath, [...process.execArgv, STACK_MAIN]];

/** The compiled stack as `pnpm start` runs it once built, with no package manager in front. */
export const stackProcess = (): [string, string[]] => [process.execPath, [`${STACK_DIST}bin/main.js`]];

/** The README's start command, as the end-to-end test runs it. */
export const readmeStart = (): [string, string[]] => [README_START[0], [...README_START[1]]];

/**
 * Milliseconds from spawning `command` until the gateway's GET /readyz answers 200 (polled every
 * 10 ms on a free operations port); the process group is then stopped.
 */
export async function startToReady([command, args]: [string, string[]]): Promise<number> {
  // Both fixed: a stack told PORT=0 puts its operations port on a free one too.
  const [port, metricsPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), METRICS_PORT: String(metricsPort), TARMAC_SERVICE_PORTS: "ephemeral", LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before it was ready`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`${command} not ready after ${TIMEOUT_MS} ms`);
      const status = await fetch(`http://127.0.0.1:${metricsPort}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
  }
}
