import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { bundleEntry } from "../build/build-service.js";
import type { BenchServerAddresses } from "./bench-server.js";
import type { ResidentMemory } from "./memory.js";
import { onCore } from "./pinning.js";

const ENTRY = fileURLToPath(new URL("./bench-server.ts", import.meta.url));
const OUT_DIR = fileURLToPath(new URL("../../../../dist/bench-server/", import.meta.url));

export interface BenchStack extends BenchServerAddresses {
  /** The stack process's id (taskset execs the server, so it is the server's). */
  readonly pid: number | undefined;
  /** The stack process's resident set size now and after forced GCs (residentMb, in that process). */
  memory(): Promise<ResidentMemory>;
  stop(): Promise<void>;
}

/** Compiles bench-server.ts and starts it (on `core` when given) with `env` added to this process's. */
export async function startBenchStack(env: Record<string, string>, core: number | undefined): Promise<BenchStack> {
  const entry = await bundleEntry(ENTRY, OUT_DIR);
  const [command, args] = onCore(core, process.execPath, [entry]);
  // MALLOC_ARENA_MAX as `pnpm start` (package.json) and the images (deploy/docker/Dockerfile) run the stack.
  const child = spawn(command, args, {
    env: { MALLOC_ARENA_MAX: "2", ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the bench's stack process exited with ${String(code)}`);
  });
  exited.catch(() => undefined);
  const next = <T>() => Promise.race([once(child, "message").then(([message]) => message as T), exited]);
  const addresses = await next<BenchServerAddresses>();
  return {
    ...addresses,
    pid: child.pid,
    memory: () => {
      const answer = next<ResidentMemory>();
      child.send("memory");
      return answer;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const stopped = once(child, "exit");
      child.send("stop");
      await stopped;
    },
  };
}
