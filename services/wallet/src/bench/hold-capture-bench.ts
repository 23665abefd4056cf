/**
 * Raw Hold + Capture pairs per second through WalletServiceImpl on the in-memory store.
 *
 *   npx --yes pnpm@10.34.9 exec tsx services/wallet/src/bench/hold-capture-bench.ts
 *
 * Bounded to about 5 seconds (BENCH_SECONDS overrides): a short warm-up, then sequential pairs,
 * then pairs with 64 in flight across 8 agents (the per-agent queue is what they contend on).
 * Events pile up in the outbox (no relay runs), as they would between relay polls.
 */
import { create } from "@bufbuild/protobuf";
import { createSigner, systemClock } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import {
  CaptureRequestSchema,
  HoldRequestSchema,
  OpenAccountRequestSchema,
  TopUpRequestSchema,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { createStatementCursorCodec } from "../domain/statement.js";
import { MemoryWalletStore } from "../store/memory-wallet-store.js";
import { WalletServiceImpl } from "../wallet-service.js";

const totalSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const AGENTS = 8;
const IN_FLIGHT = 64;

const store = new MemoryWalletStore({ clock: systemClock });
const service = new WalletServiceImpl({
  store,
  statementCursors: createStatementCursorCodec(createSigner("bench-secret-bench-secret-bench-secret", "wallet-statement")),
  clock: systemClock,
  logger: silentLogger(),
});
const agents = Array.from({ length: AGENTS }, (_, i) => `agt_bench_${i}`);
for (const agentId of agents) {
  await service.openAccount(create(OpenAccountRequestSchema, { agentId }));
  await service.topUp(create(TopUpRequestSchema, { agentId, amountPaise: 900_000_000_000n, reference: `bench-seed-${agentId}` }));
}

let n = 0;
async function pair(agentId: string): Promise<void> {
  const { holdId } = await service.hold(create(HoldRequestSchema, { agentId, amountPaise: 12_345n, reference: `bench-${++n}` }));
  await service.capture(create(CaptureRequestSchema, { holdId }));
}

async function sequential(ms: number): Promise<number> {
  const end = performance.now() + ms;
  let pairs = 0;
  while (performance.now() < end) {
    await pair(agents[pairs % AGENTS]!);
    pairs++;
  }
  return pairs;
}

async function concurrent(ms: number): Promise<number> {
  const end = performance.now() + ms;
  let pairs = 0;
  const worker = async (w: number) => {
    while (performance.now() < end) {
      await pair(agents[w % AGENTS]!);
      pairs++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  return pairs;
}

const budget = totalSeconds * 1000;
await sequential(budget * 0.1); // warm-up
for (const [name, run, ms] of [
  ["sequential", sequential, budget * 0.4],
  [`${IN_FLIGHT} in flight`, concurrent, budget * 0.5],
] as const) {
  const started = performance.now();
  const pairs = await run(ms);
  const seconds = (performance.now() - started) / 1000;
  console.log(`hold+capture (${name}): ${pairs} pairs in ${seconds.toFixed(2)} s = ${Math.round(pairs / seconds)} pairs/s`);
}
const sample = await store.findAccount(agents[0]!);
console.log(
  `check: ${agents[0]} held ${sample?.heldPaise} paise (must be 0), ${n} holds placed, ${(await store.outbox.backlog()).pending} events in the outbox`,
);
