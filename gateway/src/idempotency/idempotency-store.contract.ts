import type { ManualClock } from "@tarmac/kernel/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_RETENTION_MS } from "./idempotency-store.js";
import type { BeginResult, IdempotencyScope, IdempotencyStore, StoredResponse } from "./idempotency-store.js";

export interface ContractSubject {
  readonly store: IdempotencyStore;
  /** Where `now` comes from; the store was made with `leaseMs`. */
  readonly clock: ManualClock;
  readonly leaseMs: number;
}

const paid: StoredResponse = {
  statusCode: 201,
  headers: { "content-type": "application/json; charset=utf-8" },
  // Bytes a re-serialization would change: spacing, key order, escapes, non-ASCII.
  body: '{"z":1,  "a":"caf\u00e9 \\u00e9","n":1.50}',
};
const refused: StoredResponse = { statusCode: 402, headers: {}, body: '{"trace_id":"t-1"}' };

/** The lease a begin took; fails the test when it did not start. */
async function leaseOf(begun: Promise<BeginResult>): Promise<string> {
  const result = await begun;
  if (result.state !== "started") throw new Error(`expected the key to start, got ${result.state}`);
  return result.lease;
}

/** The behaviour every IdempotencyStore adapter must show; each adapter's test calls this. */
export function idempotencyStoreContract(subject: () => Promise<ContractSubject>): void {
  let store: IdempotencyStore;
  let clock: ManualClock;
  let leaseMs: number;
  let seq = 0;
  // Unique per test, so a shared database never mixes tests.
  const newScope = (over: Partial<IdempotencyScope> = {}): IdempotencyScope => ({
    agentId: "agent_contract",
    operation: "booking.create",
    key: `key-${Date.now()}-${++seq}`,
    ...over,
  });

  beforeEach(async () => {
    ({ store, clock, leaseMs } = await subject());
  });

  describe("idempotency store contract", () => {
    it("starts a new key once; the same request meanwhile is in progress, another is a mismatch", async () => {
      const scope = newScope();
      expect(await store.begin(scope, "fp-a", clock.now())).toMatchObject({ state: "started" });
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "in_progress" });
      expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "mismatch" });
    });

    it("answers a completed key with its response, exactly as stored", async () => {
      const scope = newScope();
      await store.begin(scope, "fp-a", clock.now());
      await store.complete(scope, "fp-a", paid);
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "done", response: paid });
      expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "mismatch" });
      const other = newScope();
      await store.begin(other, "fp-a", clock.now());
      await store.complete(other, "fp-a", refused);
      expect(await store.begin(other, "fp-a", clock.now())).toEqual({ state: "done", response: refused });
    });

    it("forgets an abandoned key, so any request starts it again; a completed key is not abandoned", async () => {
      const scope = newScope();
      await store.abandon(scope, await leaseOf(store.begin(scope, "fp-a", clock.now())));
      const lease = await leaseOf(store.begin(scope, "fp-b", clock.now()));
      await store.complete(scope, "fp-b", paid);
      await store.abandon(scope, lease);
      expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "done", response: paid });
      await store.abandon(newScope(), lease); // unknown key: nothing to do
    });

    it("lets only the lease holder abandon: a late 5xx of a taken-over request leaves the new holder's claim", async () => {
      const scope = newScope();
      const first = await leaseOf(store.begin(scope, "fp-a", clock.now()));
      clock.advance(leaseMs);
      const second = await leaseOf(store.begin(scope, "fp-a", clock.now()));
      expect(second).not.toBe(first);
      await store.abandon(scope, first);
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "in_progress" });
      await store.abandon(scope, second);
      expect(await store.begin(scope, "fp-a", clock.now())).toMatchObject({ state: "started" });
    });

    it("completes only the in-progress record of the same fingerprint", async () => {
      const scope = newScope();
      await store.complete(scope, "fp-a", paid); // never begun
      expect(await store.begin(scope, "fp-a", clock.now())).toMatchObject({ state: "started" });
      await store.complete(scope, "fp-b", paid);
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "in_progress" });
    });

    it("lets the same request take a key over when its lease ran out, and keeps the first completion", async () => {
      const scope = newScope();
      await store.begin(scope, "fp-a", clock.now());
      clock.advance(leaseMs - 1);
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "in_progress" });
      clock.advance(1);
      expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "mismatch" });
      expect(await store.begin(scope, "fp-a", clock.now())).toMatchObject({ state: "started" });
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "in_progress" });
      await store.complete(scope, "fp-a", refused);
      await store.complete(scope, "fp-a", paid);
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "done", response: refused });
    });

    it("keeps a key 24 hours from its first use, then treats it as new", async () => {
      const scope = newScope();
      await store.begin(scope, "fp-a", clock.now());
      await store.complete(scope, "fp-a", paid);
      clock.advance(IDEMPOTENCY_RETENTION_MS - 1);
      expect(await store.begin(scope, "fp-b", clock.now())).toEqual({ state: "mismatch" });
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "done", response: paid });
      clock.advance(1);
      expect(await store.begin(scope, "fp-b", clock.now())).toMatchObject({ state: "started" });
      expect(await store.begin(scope, "fp-a", clock.now())).toEqual({ state: "mismatch" });
    });

    it("keeps agents, operations and keys apart", async () => {
      const scope = newScope();
      await store.begin(scope, "fp-a", clock.now());
      await store.complete(scope, "fp-a", paid);
      for (const other of [{ agentId: "agent_other" }, { operation: "booking.cancel" }, { key: `${scope.key}x` }]) {
        expect(await store.begin({ ...scope, ...other }, "fp-b", clock.now())).toMatchObject({ state: "started" });
      }
    });

    it("starts exactly one of many concurrent begins", async () => {
      const scope = newScope();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.begin(scope, "fp-a", clock.now())));
      expect(results.filter((r) => r.state === "started")).toHaveLength(1);
      expect(results.filter((r) => r.state === "in_progress")).toHaveLength(19);
    });
  });
}
