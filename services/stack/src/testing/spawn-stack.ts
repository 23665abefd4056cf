import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export interface SpawnedStack {
  readonly child: ChildProcess;
  readonly gatewayUrl: string;
  readonly apiKey: string;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Everything the child printed so far, for failure messages. */
  output(): string;
  /** Sends `signal` to the npm process only, as `kill <pid>` or a container runtime would. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL to every process it started (npm, node), for clean-up. */
  kill(): void;
}

/** The README's start command once installed (its first command, after the install): what a newcomer runs. */
export const README_START: readonly [string, readonly string[]] = ["npm", ["start"]];

/**
 * Runs `npm start` from the repository root, the README's start command once installed, on free
 * ports and waits for its TARMAC_READY line.
 */
export async function spawnStack(env: NodeJS.ProcessEnv, readyTimeoutMs: number): Promise<SpawnedStack> {
  const child = spawn(README_START[0], README_START[1], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", TARMAC_SERVICE_PORTS: "ephemeral", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so clean-up can reach npm and node alike and nothing outlives it.
    detached: true,
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group is already gone.
    }
  };
  const ready = new Promise<{ gatewayUrl: string; apiKey: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      // Complete lines only: the last piece may still be arriving.
      const line = output
        .split("\n")
        .slice(0, -1)
        .find((l) => l.startsWith("TARMAC_READY "));
      if (line) resolve(JSON.parse(line.slice("TARMAC_READY ".length)) as { gatewayUrl: string; apiKey: string });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    void exited.then((code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
    setTimeout(() => reject(new Error(`npm start not ready after ${readyTimeoutMs} ms:\n${output}`)), readyTimeoutMs).unref();
  });
  try {
    const { gatewayUrl, apiKey } = await ready;
    return { child, gatewayUrl, apiKey, exited, output: () => output, signal, kill };
  } catch (error) {
    kill();
    throw error;
  }
}
