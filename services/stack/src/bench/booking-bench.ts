import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { createLogger } from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { startStack } from "../stack.js";
import { adultPassenger, apiClient, contact } from "../testing/api-client.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";
import { asPermittedCaller } from "@tarmac/kernel/testing";
import { walletCallerPolicy } from "@tarmac/wallet";

/**
 * `pnpm bench` (second part): bookings per second through the gateway on the embedded stores
 * (each one a fare-lock check, a seat-free check, a PENDING write, a wallet hold, a sandbox
 * reservation, a capture and the BOOKED write), against the wallet's own Hold+Capture pairs over
 * gRPC in the same process and run, so the ratio shows what booking adds to the money path.
 */
const durationMs = Number(process.env.BENCH_DURATION_SECONDS ?? 10) * 1000;
const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 10);

const logger = createLogger({ name: "bench", level: "warn" });
const stack = await startStack({
  env: { ...relaxedRateLimits, ...process.env, LOG_LEVEL: "warn", TARMAC_ENV: "development" },
  port: 0,
  servicePorts: "ephemeral",
  logger,
});
try {
  const wallet = createClient(
    WalletService,
    createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [asPermittedCaller(walletCallerPolicy)] }),
  );
  const run = `${process.pid}-${Date.now()}`;
  await wallet.topUp({
    agentId: DEMO_AGENT_ID,
    amountPaise: 1_000_000_000_000n,
    reference: `bench-topup-${run}`,
    description: "benchmark funds",
  });
  const api = apiClient(stack.gatewayUrl, stack.apiKey);
  const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "HYD" });

  let n = 0;
  const bookings = await load(async () => {
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": `bench-${run}-${++n}` },
    );
    if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.text}`);
  });
  let m = 0;
  const expiresAt = { seconds: BigInt(Math.floor(Date.now() / 1000) + 3600) };
  const holds = await load(async () => {
    const { holdId } = await wallet.hold({
      agentId: DEMO_AGENT_ID,
      amountPaise: 500_000n,
      reference: `bench-hold-${run}-${++m}`,
      expiresAt,
      description: "benchmark",
    });
    await wallet.capture({ holdId });
  });
  console.log(`\nBookings through the gateway (embedded stores, ${concurrency} in flight, ${durationMs / 1000} s each)`);
  console.log("  path                          per s   p50 ms   p99 ms   done  failed");
  for (const [name, r] of [
    ["booking create (gateway)", bookings],
    ["wallet Hold+Capture (gRPC)", holds],
  ] as const) {
    console.log(
      `  ${name.padEnd(28)} ${r.rate.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.done).padStart(6)} ${String(r.failed).padStart(7)}`,
    );
  }
  console.log(`\n  ratio bookings / Hold+Capture: ${(bookings.rate / holds.rate).toFixed(3)}`);
  if (bookings.failed + holds.failed > 0) process.exitCode = 1;
} finally {
  await stack.stop();
}

interface LoadResult {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly done: number;
  readonly failed: number;
}

/** Runs `task` from `concurrency` loops for the duration; latencies in ms. */
async function load(task: () => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await task();
          latencies.push(performance.now() - t);
        } catch (error) {
          if (failed++ === 0) console.error(String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99), done: latencies.length, failed };
}
