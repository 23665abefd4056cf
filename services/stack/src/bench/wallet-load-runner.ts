import { DEMO_AGENT_ID } from "@tarmac/auth";
import { createServiceClient, developmentCredential } from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { LoadSummary } from "./load-runner.js";

/**
 * The wallet's own money path, as booking calls it: Hold then Capture over gRPC from `connections`
 * loops for the duration, in a child process (on the load generator's core), with booking's own
 * client (signed as booking). Connect's generic client held the wallet at about half its core:
 * the rate was the load generator's. With booking's client the wallet still stays at about two
 * thirds of its core, the load generator's core not full either (likely because one agency's
 * commands run one at a time, KeyedMutex, and every pair here is the demo agency's; plain HTTP/2
 * requests in place of the client changed neither): the bench's table says so, and its ratio of
 * server CPU is the comparison that does not depend on it. Prints a LoadSummary of the pairs as
 * JSON on stdout; latency is a pair's.
 */
export interface WalletLoadOptions {
  readonly walletUrl: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly reference: string;
}

const options = JSON.parse(process.argv[2] ?? "{}") as WalletLoadOptions;
const wallet = createServiceClient(WalletService, options.walletUrl, { credential: developmentCredential("booking") });
const expiresAt = { seconds: BigInt(Math.floor(Date.now() / 1000) + 3600) };
const latencies: number[] = [];
let failed = 0;
let n = 0;
const started = performance.now();
const until = started + options.durationSeconds * 1000;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const reference = `${options.reference}-${n++}`;
        const { holdId } = await wallet.hold({
          agentId: DEMO_AGENT_ID,
          amountPaise: 500_000n,
          reference,
          expiresAt,
          description: "benchmark",
        });
        await wallet.capture({ holdId });
        latencies.push(performance.now() - t);
      } catch (error) {
        if (failed++ === 0) process.stderr.write(`${String(error)}\n`);
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const summary: LoadSummary = {
  requestsPerSecond: latencies.length / seconds,
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  requests: latencies.length,
  non2xx: failed,
  errors: 0,
  timeouts: 0,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
