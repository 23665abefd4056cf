import { spawn, spawnSync } from "node:child_process";

const PINNED = "TARMAC_BENCH_PINNED";

function tasksetAvailable(): boolean {
  return spawnSync("taskset", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Re-runs this script under `taskset -c <core>` once, so the servers it starts stay on that core.
 * Returns true when this process is the pinned one (or pinning is not possible) and should go on.
 */
export async function reexecPinned(core: number): Promise<boolean> {
  if (process.env[PINNED] || !tasksetAvailable()) return true;
  const args = ["-c", String(core), process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  const child = spawn("taskset", args, { stdio: "inherit", env: { ...process.env, [PINNED]: String(core) } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.once("SIGINT", forward);
  process.once("SIGTERM", forward);
  const code = await new Promise<number>((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  process.exitCode = code;
  return false;
}

/** The core this process was pinned to by reexecPinned, if any. */
export function pinnedCore(): number | undefined {
  const value = process.env[PINNED];
  return value === undefined ? undefined : Number(value);
}

/** argv prefix that runs a command on `core` when pinning is on. */
export function onCore(core: number | undefined, command: string, args: string[]): [string, string[]] {
  return core === undefined ? [command, args] : ["taskset", ["-c", String(core), command, ...args]];
}
