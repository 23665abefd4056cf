import { DomainError, type ErrorCode } from "@tarmac/kernel";
import type { ManualClock } from "@tarmac/kernel/testing";
import { silentLogger } from "@tarmac/kernel/testing";
import { HoldSweeper } from "../hold-sweeper.js";
import type { WalletStore } from "../store/wallet-store.js";
import type { WalletServiceImpl } from "../wallet-service.js";
import { calls } from "./wallet-harness.js";

/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same workload. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WorkloadOptions {
  readonly seed: number;
  readonly agents: number;
  /** Operations issued (a race group counts as one). */
  readonly operations: number;
  /** How many calls may be in flight at once. */
  readonly concurrency: number;
}

/** What a money-moving call asked for: repeats under one reference must get the same answer. */
interface Issued {
  readonly kind: "HOLD" | "REFUND" | "TOP_UP" | "CREDIT_LIMIT";
  readonly reference: string;
  readonly agentId: string;
  readonly amountPaise: number;
  /** For a successful hold: the hold id it answered. */
  holdId?: string;
  /** A refund booking credits (of a hold's booking), not ops' goodwill: bounded by what the booking paid. */
  readonly byBooking?: boolean;
}

export interface WorkloadReport {
  readonly agentIds: string[];
  readonly calls: number;
  readonly outcomes: Record<string, number>;
  /** Every successful money-moving call, to compare with the ledger. */
  readonly succeeded: Issued[];
  /** Calls that failed with something a caller could not have caused. */
  readonly unexpected: string[];
}

/** Refusals the workload provokes on purpose; anything else is a failure of the wallet. */
const EXPECTED: ReadonlySet<ErrorCode> = new Set([
  "WALLET_INSUFFICIENT_FUNDS",
  "IDEMPOTENCY_KEY_REUSED",
  "VALIDATION_FAILED",
  "WALLET_CREDIT_NOT_ALLOWED",
]);

/**
 * A seeded random workload through the service class: holds (each a booking's), captures, voids,
 * refunds (booking's, of a random booking and amount, and ops' goodwill), top-ups and credit-limit changes across several agents, many calls in flight at once, deliberate
 * repeats of references (same and different parameters), racing capture/void pairs, clock jumps
 * that expire holds, and sweeps.
 */
export async function runWorkload(
  service: WalletServiceImpl,
  store: WalletStore,
  clock: ManualClock,
  options: WorkloadOptions,
): Promise<WorkloadReport> {
  const random = prng(options.seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(random() * items.length)]);
  /** Mostly one of the latest items (holds still open), sometimes any. */
  const pickRecent = <T>(items: readonly T[]): T | undefined => (random() < 0.8 ? pick(items.slice(-24)) : pick(items));
  const rpc = calls(service);
  const ops = calls(service, { caller: "admin" });
  const sweeper = new HoldSweeper({ store, clock, logger: silentLogger(), intervalMs: 3_600_000, batchSize: 50 });
  const run = `w${options.seed.toString(36)}${Date.now().toString(36)}`;
  const agentIds = Array.from({ length: options.agents }, (_, i) => `agt_${run}_${i}`);

  const outcomes: Record<string, number> = {};
  const succeeded: Issued[] = [];
  const unexpected: string[] = [];
  const issuedByRef: Issued[] = [];
  const holdIds: string[] = [];
  let seq = 0;
  let callCount = 0;

  const count = (key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
  const settle = async (name: string, call: Promise<unknown>, issued?: Issued) => {
    callCount++;
    try {
      const result = await call;
      count(`${name} ok`);
      if (issued) {
        const holdId = (result as { holdId?: string }).holdId;
        succeeded.push({ ...issued, ...(holdId && { holdId }) });
        if (holdId) holdIds.push(holdId);
      }
    } catch (error) {
      const code = error instanceof DomainError ? error.code : "UNKNOWN";
      count(`${name} ${code}`);
      if (!(error instanceof DomainError) || !EXPECTED.has(error.code)) unexpected.push(`${name}: ${String(error)}`);
    }
  };

  for (const agentId of agentIds) {
    await rpc.openAccount({ agentId, creditLimitPaise: BigInt(int(0, 300_000)) });
    await rpc.topUp({ agentId, amountPaise: BigInt(int(100_000, 1_000_000)), reference: `${run}:seed:${agentId}` });
  }

  /** A new reference, or a repeat of an earlier one of the same kind (same parameters, or deliberately not). */
  const reference = (kind: Issued["kind"], agentId: string, amountPaise: number): Issued => {
    const earlier = issuedByRef.filter((i) => i.kind === kind);
    const roll = random();
    if (earlier.length > 0 && roll < 0.15) return pick(earlier)!; // exact repeat
    if (earlier.length > 0 && roll < 0.2) {
      const base = pick(earlier)!;
      // Same reference, another amount or another agent: must be refused (or win, if it got there first).
      return random() < 0.5 ? { ...base, amountPaise: base.amountPaise + 1 } : { ...base, agentId: pick(agentIds)! };
    }
    // A hold's reference is a booking id, as booking's are: refunds name it.
    const fresh: Issued = { kind, reference: kind === "HOLD" ? `bkg_${run}n${++seq}` : `${run}:${kind}:${++seq}`, agentId, amountPaise };
    issuedByRef.push(fresh);
    return fresh;
  };
  /** Booking refunding part of a hold's booking (paid or not, refunded already or not) under a new reference. */
  const bookingRefund = (): Issued | undefined => {
    const paid = pick(issuedByRef.filter((i) => i.kind === "HOLD"));
    if (!paid) return undefined;
    const fresh: Issued = {
      kind: "REFUND",
      reference: `${paid.reference}/r${++seq}`,
      agentId: paid.agentId,
      amountPaise: int(1, paid.amountPaise),
      byBooking: true,
    };
    issuedByRef.push(fresh);
    return fresh;
  };

  const operation = (): Promise<unknown>[] => {
    const agentId = pick(agentIds)!;
    const roll = random();
    if (roll < 0.34) {
      const issued = reference("HOLD", agentId, int(1, 250_000));
      const expiresAt = new Date(clock.now().getTime() + int(1, 8) * 60_000);
      const hold = () =>
        rpc.hold({
          agentId: issued.agentId,
          amountPaise: BigInt(issued.amountPaise),
          reference: issued.reference,
          expiresAt: timestamp(expiresAt),
        });
      // Sometimes the same hold twice at once, as a retrying client would.
      return random() < 0.15 ? [settle("hold", hold(), issued), settle("hold", hold(), issued)] : [settle("hold", hold(), issued)];
    }
    if (roll < 0.54) {
      const holdId = pickRecent(holdIds);
      if (!holdId) return [];
      if (random() < 0.2) return [settle("capture", rpc.capture({ holdId })), settle("void", rpc.void({ holdId }))]; // a race
      return [settle("capture", rpc.capture({ holdId }))];
    }
    if (roll < 0.66) {
      const holdId = pick(holdIds);
      return holdId ? [settle("void", rpc.void({ holdId }))] : [];
    }
    if (roll < 0.75) {
      const issued = (random() < 0.5 ? bookingRefund() : undefined) ?? reference("REFUND", agentId, int(1, 80_000));
      // A repeat is credited by whoever credited the first time.
      const creditor = issued.byBooking ? rpc : ops;
      return [
        settle(
          "credit",
          creditor.credit({ agentId: issued.agentId, amountPaise: BigInt(issued.amountPaise), reference: issued.reference }),
          issued,
        ),
      ];
    }
    if (roll < 0.84) {
      const issued = reference("TOP_UP", agentId, int(1, 300_000));
      const topUp = () => rpc.topUp({ agentId: issued.agentId, amountPaise: BigInt(issued.amountPaise), reference: issued.reference });
      return random() < 0.1
        ? [settle("topUp", topUp(), issued), settle("topUp", topUp(), issued), settle("topUp", topUp(), issued)]
        : [settle("topUp", topUp(), issued)];
    }
    if (roll < 0.9) {
      const issued = reference("CREDIT_LIMIT", agentId, int(0, 400_000));
      return [
        settle(
          "setCreditLimit",
          rpc.setCreditLimit({ agentId: issued.agentId, creditLimitPaise: BigInt(issued.amountPaise), reference: issued.reference }),
          issued,
        ),
      ];
    }
    if (roll < 0.95) {
      clock.advance(int(0, 90) * 1_000);
      return [];
    }
    return [settle("sweep", sweeper.sweep())];
  };

  const inFlight = new Set<Promise<unknown>>();
  for (let i = 0; i < options.operations; i++) {
    for (const call of operation()) {
      const tracked = call.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    if (inFlight.size >= options.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  // Finally expire and sweep everything, so the sweep's releases are part of what is checked.
  clock.advance(10 * 60_000);
  await settle("sweep", sweeper.sweep());
  await sweeper.stop();
  return { agentIds, calls: callCount, outcomes, succeeded, unexpected };
}

function timestamp(date: Date) {
  const ms = date.getTime();
  return { seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1_000_000 };
}
