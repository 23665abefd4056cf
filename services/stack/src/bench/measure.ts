import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LoadOptions, LoadSummary } from "./load-runner.js";
import { onCore } from "./pinning.js";
import type { WalletLoadOptions } from "./wallet-load-runner.js";

const httpRunner = fileURLToPath(new URL("./load-runner.ts", import.meta.url));
const walletRunner = fileURLToPath(new URL("./wallet-load-runner.ts", import.meta.url));

/** Runs autocannon in a child process (on `core` when given) and returns its summary. */
export function measure(options: LoadOptions, core: number | undefined): Promise<LoadSummary> {
  return runChild(httpRunner, options, core);
}

/** Runs the wallet's Hold+Capture loop in a child process (on `core` when given). */
export function measureWallet(options: WalletLoadOptions, core: number | undefined): Promise<LoadSummary> {
  return runChild(walletRunner, options, core);
}

async function runChild(script: string, options: object, core: number | undefined): Promise<LoadSummary> {
  // execArgv carries tsx's loader, so the child runs the TypeScript runner as this process does.
  const [command, args] = onCore(core, process.execPath, [...process.execArgv, script, JSON.stringify(options)]);
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as LoadSummary;
}

/** The run with the median rate (of an odd number of runs: one that was measured). */
export function median<T extends LoadSummary>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error("no runs to take a median of");
  return middle;
}

/** The median of an odd number of values (the middle one), NaN of none. */
export function medianOf(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
