import { AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { DomainError } from "@tarmac/kernel";
import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { CredentialVerifier } from "./credential-verifier.js";
import type { Caller } from "./caller.js";

const caller: Caller = { agentId: "agent_1", keyId: "key_1", scopes: [Scope.FLIGHT_SEARCH], tier: AgentTier.STANDARD };

function remote(result: (apiKey: string) => Promise<Caller> = async () => caller) {
  const seen: string[] = [];
  const verify = (apiKey: string) => {
    seen.push(apiKey);
    return result(apiKey);
  };
  return { seen, verify };
}

describe("CredentialVerifier", () => {
  it("reuses a success within the TTL and asks again after it", async () => {
    const clock = new ManualClock();
    const { seen, verify } = remote();
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock });
    expect(await verifier.verify("k")).toEqual(caller);
    clock.advance(4_999);
    await verifier.verify("k");
    expect(seen).toHaveLength(1);
    clock.advance(1);
    await verifier.verify("k");
    expect(seen).toHaveLength(2);
  });

  it("never remembers a failure", async () => {
    const { seen, verify } = remote(async () => {
      throw new DomainError("AUTH_INVALID_API_KEY", "no");
    });
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock: new ManualClock() });
    await expect(verifier.verify("bad")).rejects.toMatchObject({ code: "AUTH_INVALID_API_KEY" });
    await expect(verifier.verify("bad")).rejects.toMatchObject({ code: "AUTH_INVALID_API_KEY" });
    expect(seen).toEqual(["bad", "bad"]);
  });

  it("shares one call between concurrent misses of the same key", async () => {
    const { seen, verify } = remote();
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock: new ManualClock() });
    await Promise.all([verifier.verify("k"), verifier.verify("k"), verifier.verify("other")]);
    expect(seen).toEqual(["k", "other"]);
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const { seen, verify } = remote();
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, maxEntries: 2, clock: new ManualClock() });
    for (const key of ["a", "b", "c", "c", "b", "a"]) await verifier.verify(key);
    expect(seen).toEqual(["a", "b", "c", "a"]);
  });

  it("asks every time when the TTL is 0", async () => {
    const { seen, verify } = remote();
    const verifier = new CredentialVerifier(verify, { ttlMs: 0 });
    await verifier.verify("k");
    await verifier.verify("k");
    expect(seen).toHaveLength(2);
  });

  it("never keeps a success past the credential's own end (a bearer token's validUntil)", async () => {
    const clock = new ManualClock();
    const token = { ...caller, validUntil: new Date(clock.now().getTime() + 1_000) };
    const { seen, verify } = remote(async () => token);
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock });
    await verifier.verify("t");
    clock.advance(999);
    await verifier.verify("t");
    expect(seen).toHaveLength(1);
    clock.advance(1);
    await verifier.verify("t");
    expect(seen).toHaveLength(2);
  });

  it("forgets a success on request (logout), and one still in flight", async () => {
    const { seen, verify } = remote();
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock: new ManualClock() });
    await verifier.verify("t");
    verifier.forget("t");
    await verifier.verify("t");
    expect(seen).toHaveLength(2);
    const inFlight = verifier.verify("u");
    verifier.forget("u");
    await inFlight;
    await verifier.verify("u");
    expect(seen).toEqual(["t", "t", "u", "u"]);
  });

  it("evicts the callers a predicate picks, and does not remember a call that was in flight", async () => {
    const callers: Record<string, Caller> = { a: caller, b: { ...caller, keyId: "key_2" }, c: { ...caller, keyId: "key_3" } };
    const { seen, verify } = remote(async (key) => callers[key]!);
    const verifier = new CredentialVerifier(verify, { ttlMs: 5_000, clock: new ManualClock() });
    await verifier.verify("a");
    await verifier.verify("b");
    verifier.evictWhere((c) => c.keyId === "key_1");
    await verifier.verify("a");
    await verifier.verify("b");
    expect(seen).toEqual(["a", "b", "a"]);
    // Auth may have answered this one before the revocation the eviction is for.
    const inFlight = verifier.verify("c");
    verifier.evictWhere(() => false);
    const after = verifier.verify("c");
    await Promise.all([inFlight, after]);
    await verifier.verify("c");
    // The call made after the eviction is remembered; the one in flight across it neither shared nor kept.
    expect(seen).toEqual(["a", "b", "a", "c", "c"]);
  });
});
