import { createHash } from "node:crypto";
import { type Clock, systemClock } from "@tarmac/kernel";
import type { Caller } from "./caller.js";

export interface CredentialVerifierOptions {
  /** How long a successful verification is reused; 0 asks the auth service every time. */
  readonly ttlMs: number;
  readonly maxEntries?: number;
  readonly clock?: Clock;
}

interface Entry {
  readonly caller: Caller;
  readonly expiresAt: number;
}

/**
 * Verifies a credential (an API key, or a bearer token of the secondary surface) through the auth
 * service, remembering successes for a short TTL so the hot path does not pay a peer call per
 * request. Failures are never remembered (a fixed key works at once); concurrent misses for one
 * credential share a single call. Auth's credential notices evict a revoked key or session, or a
 * suspended agency, at once (credential-notices.ts); the TTL bounds how long one is honoured when
 * a notice is lost. Credentials are held only as SHA-256 digests.
 */
export class CredentialVerifier {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Caller>>();
  /** Bumped by every eviction: a call that started before it is not remembered when it lands. */
  private generation = 0;
  private readonly maxEntries: number;
  private readonly clock: Clock;

  constructor(
    private readonly verifyRemotely: (credential: string) => Promise<Caller>,
    private readonly options: CredentialVerifierOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.clock = options.clock ?? systemClock;
  }

  async verify(credential: string): Promise<Caller> {
    if (this.options.ttlMs <= 0) return this.verifyRemotely(credential);
    const digest = digestOf(credential);
    const entry = this.entries.get(digest);
    if (entry) {
      if (entry.expiresAt > this.clock.now().getTime()) return entry.caller;
      this.entries.delete(digest);
    }
    const inFlight = this.pending.get(digest);
    if (inFlight) return inFlight;
    // A call forgotten while in flight (logout, a notice) must not be remembered when it lands:
    // auth may have answered before the revocation.
    const generation = this.generation;
    const call: Promise<Caller> = this.verifyRemotely(credential)
      .then((caller) => {
        if (this.pending.get(digest) === call && this.generation === generation) this.remember(digest, caller);
        return caller;
      })
      .finally(() => {
        if (this.pending.get(digest) === call) this.pending.delete(digest);
      });
    this.pending.set(digest, call);
    return call;
  }

  /** Drops a remembered success, and one in flight (a token just revoked by logout). */
  forget(credential: string): void {
    const digest = digestOf(credential);
    this.entries.delete(digest);
    this.pending.delete(digest);
  }

  /**
   * Drops every remembered caller the predicate picks, and every call in flight (which caller a
   * pending call will answer is not known yet; the next request asks auth again).
   */
  evictWhere(picks: (caller: Caller) => boolean): void {
    for (const [digest, entry] of this.entries) if (picks(entry.caller)) this.entries.delete(digest);
    this.pending.clear();
    this.generation++;
  }

  private remember(digest: string, caller: Caller): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const expiresAt = this.clock.now().getTime() + this.options.ttlMs;
    const validUntil = caller.validUntil?.getTime() ?? expiresAt;
    this.entries.set(digest, { caller, expiresAt: Math.min(expiresAt, validUntil) });
  }
}

function digestOf(credential: string): string {
  return createHash("sha256").update(credential).digest("base64url");
}
