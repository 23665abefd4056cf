import { cpus } from "node:os";
import Fastify from "fastify";
import { createLogger } from "@tarmac/kernel";
import { yyyymmdd } from "../banner.js";
import { startStack } from "../stack.js";
import { measure } from "./measure.js";
import { pinnedCore, reexecPinned } from "./pinning.js";
import type { LoadSummary } from "./load-runner.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";

/**
 * `pnpm bench`: the cost of the gateway path for a cached search page. One DEL-BOM search is made,
 * then its second page (a cursor request, served from the search cache) is requested as fast as
 * autocannon can through the whole stack, and the same response bytes from a bare Fastify app.
 */
const SERVER_CORE = 0;
const LOAD_CORE = 1;
const PAGE_LIMIT = 100;
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 3;

if (await reexecPinned(SERVER_CORE)) await run();

async function run(): Promise<void> {
  // cpus() counts the machine's cores; availableParallelism() would count only the pinned one.
  const loadCore = pinnedCore() !== undefined && cpus().length >= 2 ? LOAD_CORE : undefined;
  const logger = createLogger({ name: "bench", level: "warn" });
  const stack = await startStack({ env: { ...relaxedRateLimits, ...process.env }, port: 0, servicePorts: "ephemeral", logger });
  const bare = Fastify({ logger: false });
  try {
    const url = `${stack.gatewayUrl}/api/v1/flight/search`;
    const headers = { "content-type": "application/json", "x-api-key": stack.apiKey };
    const search = { origin: "DEL", dest: "BOM", dod: yyyymmdd(new Date(), 30), limit: PAGE_LIMIT };
    const first = await post(url, headers, JSON.stringify(search));
    const { cursor } = JSON.parse(first.toString("utf8")) as { cursor: string | null };
    if (!cursor) throw new Error("the DEL-BOM search fits on one page; nothing cached to page through");
    const body = JSON.stringify({ cursor, limit: PAGE_LIMIT });
    const page = await post(url, headers, body);

    bare.post("/api/v1/flight/search", (_request, reply) => {
      void reply.type("application/json; charset=utf-8").send(page);
    });
    const bareUrl = `${await bare.listen({ host: "127.0.0.1", port: 0 })}/api/v1/flight/search`;

    const load = { body, headers, connections };
    await measure({ ...load, url, durationSeconds: WARMUP_SECONDS }, loadCore);
    const gateway = await measure({ ...load, url, durationSeconds }, loadCore);
    await measure({ ...load, url: bareUrl, durationSeconds: WARMUP_SECONDS }, loadCore);
    const plain = await measure({ ...load, url: bareUrl, durationSeconds }, loadCore);
    report(gateway, plain, page.length, loadCore);
    if ([gateway, plain].some((r) => r.non2xx + r.errors + r.timeouts > 0)) process.exitCode = 1;
  } finally {
    await bare.close();
    await stack.stop();
  }
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<Buffer> {
  const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(30_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${bytes.toString("utf8")}`);
  return bytes;
}

function report(gateway: LoadSummary, bare: LoadSummary, bytes: number, loadCore: number | undefined): void {
  const row = (name: string, r: LoadSummary) =>
    `  ${name.padEnd(22)}${r.requestsPerSecond.toFixed(0).padStart(9)}${String(r.p50Ms).padStart(9)}` +
    `${String(r.p99Ms).padStart(9)}${String(r.requests).padStart(10)}${String(r.non2xx + r.errors + r.timeouts).padStart(9)}`;
  const pinning =
    loadCore === undefined
      ? "not pinned (no taskset or a single core)"
      : `servers on core ${SERVER_CORE}, load generator on core ${loadCore}`;
  const lines = [
    "",
    `Cached search page: DEL-BOM page 2, limit ${PAGE_LIMIT}, ${bytes} bytes of JSON per response`,
    `autocannon: ${connections} connections, ${durationSeconds} s per target after a ${WARMUP_SECONDS} s warm-up, loopback`,
    `Pinning: ${pinning}; Node ${process.version}`,
    "",
    `  ${"target".padEnd(22)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"requests".padStart(10)}${"failed".padStart(9)}`,
    row("gateway (full stack)", gateway),
    row("bare Fastify", bare),
    "",
    `  ratio gateway/bare: ${(gateway.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} of the throughput` +
      ` (p50 ${gateway.p50Ms} ms vs ${bare.p50Ms} ms)`,
    "",
  ];
  process.stdout.write(lines.join("\n"));
}
