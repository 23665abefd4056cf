import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
// One node process per service (not the tsx CLI, which forks another): a signal reaches the service itself.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const OUTPUT_KEPT = 20_000;

/**
 * One service as an OS process of its own: started with its environment, stopped or killed like a
 * pod, started again with the same environment. Its output is kept (the tail) for failure messages
 * and passed on when `echo` is set.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = "";

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    /** The port that accepts connections once it is up. */
    readonly port: number,
    private readonly echo: boolean,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child?.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it and waits until its port accepts connections (or it exits, or `timeoutMs` passes). */
  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, this.entry], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
      if (this.echo) process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const until = Date.now() + timeoutMs;
    while (!(await accepts(this.port))) {
      if (!this.running) throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) before it listened:\n${this.tail()}`);
      if (Date.now() > until) throw new Error(`${this.name} not listening on ${this.port} after ${timeoutMs} ms:\n${this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM (it drains and exits) or SIGKILL (a crashed pod); resolves once it is gone. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    if (this.running) this.child?.kill(signal);
    await this.exited;
  }

  tail(): string {
    return this.output.slice(-4_000);
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
