import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@tarmac/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnStack, type SpawnedStack } from "./testing/spawn-stack.js";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PAGE = join(REPO_ROOT, "docs/first-hour.md");
/** The listener's port on the page; the test gives it a free one. */
const LISTENER_PORT = /\b4000\b/g;
const RUN_TIMEOUT_MS = 120_000;

/** The page's shell blocks, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** Runs a bash script in its own process group (its background listener included), bounded in time. */
function runBash(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      output += `\n(killed after ${RUN_TIMEOUT_MS} ms)`;
      killGroup();
    }, RUN_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      // The listener the page starts in the background outlives the script: end it with its group.
      killGroup();
      resolve({ code, output });
    });
  });
}

/**
 * docs/first-hour.md, run as written: its first block is the start command, which the test runs
 * itself (npm start, on free loopback ports, with the page's key); every other block runs in one bash
 * shell in order, the gateway's and the listener's addresses replaced by the free ports. Under
 * free ports the banner's `export AUTH_URL=...` line goes first, as the banner says, which also
 * shows the banner names the services as started (issue 36: its grpcurl line named 50054).
 */
describe("the first hour page", () => {
  let stack: SpawnedStack;
  let work: string;
  let blocks: string[];

  beforeAll(async () => {
    blocks = shellBlocks(await readFile(PAGE, "utf8"));
    const start = blocks[0] ?? "";
    expect(start).toMatch(/\bnpm start$/m);
    const key = /TARMAC_DEV_API_KEY=(\S+)/.exec(start)?.[1];
    expect(key).toBeDefined();
    work = await mkdtemp(join(tmpdir(), "tarmac-first-hour-"));
    // Development, as a newcomer's start: loopback webhooks allowed, in-memory stores.
    stack = await spawnStack(
      { TARMAC_DEV_API_KEY: key, TARMAC_ENV: "development", LOG_LEVEL: "warn", MONGODB_URI: "", NATS_URL: "" },
      60_000,
    );
  }, 70_000);
  afterAll(async () => {
    stack?.kill();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("starts with a banner that names the services as started", () => {
    const banner = stack.output();
    const exported = /^ {2}export AUTH_URL=\S+ WALLET_URL=(\S+) WEBHOOKS_URL=\S+ BOOKING_URL=\S+$/m.exec(banner);
    expect(exported, banner).not.toBeNull();
    expect(exported![0]).not.toMatch(/:5005\d\b/);
    const grpcurlTarget = /' (\S+) tarmac\.wallet\.v1\.WalletService\/GetBalance$/m.exec(banner)?.[1];
    expect(grpcurlTarget).toBe(new URL(exported![1]!).host);
  });

  it(
    "books, tickets and hears the webhook, every block as pasted",
    async () => {
      const exportLine = /^ {2}(export AUTH_URL=.*)$/m.exec(stack.output())![1]!;
      const listener = String(await freePort());
      const script = [exportLine, ...blocks.slice(1)]
        .map((block) => block.replaceAll("http://127.0.0.1:8080", stack.gatewayUrl).replace(LISTENER_PORT, listener))
        .join("\n");
      // mktemp -d (step 2) makes its directory under TMPDIR: here, the test's own.
      const { code, output } = await runBash(script, { ...process.env, TMPDIR: work }, REPO_ROOT);
      expect(code, output).toBe(0);
      expect(output).toContain("TICKETED");
      expect(output).toMatch(/^booking\.ticketed bkg_/m);
      expect(output).toMatch(/^whe_/m);
      expect(output).toMatch(/"kind":"CAPTURE"/);
      expect(output).toMatch(/^ {2}agent +agt_demo$/m);
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});
