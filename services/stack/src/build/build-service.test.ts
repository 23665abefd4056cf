import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { buildService } from "./build-service.js";
import { freePort } from "@tarmac/kernel";

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("buildService", () => {
  it("compiles the search service into one file that plain node runs from a directory without node_modules, and it serves gRPC health", async () => {
    const out = await mkdtemp(join(tmpdir(), "tarmac-build-"));
    cleanup.push(() => rm(out, { recursive: true, force: true }));
    const entry = await buildService("search", out);
    const [port, metricsPort] = [await freePort(), await freePort()];
    // No --import tsx and a cwd outside the repository: only the bundle and what it copied.
    const child = spawn(process.execPath, [entry], {
      cwd: out,
      env: { PATH: process.env.PATH, SEARCH_PORT: String(port), METRICS_PORT: String(metricsPort), LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    cleanup.push(() => stop(child));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const health = createClient(Health, createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}` }));
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled search service exited with ${child.exitCode}: ${stderr}`);
      const status = await health.check({ service: "" }).then(
        (r) => r.status,
        () => undefined,
      );
      if (status === ServingStatus.SERVING) break;
      if (performance.now() - started > 20_000) throw new Error(`not serving after 20 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stderr).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
