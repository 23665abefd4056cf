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
 * credential share a single call. A revoked key or token, or a suspended agent, can therefore be
 * honoured for up to the TTL (logout through this gateway forgets its token at once).
 * Credentials are held only as SHA-256 digests.
 */
export class CredentialVerifier {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Caller>>();
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
    // A call forgotten while in flight (logout) must not be remembered when it lands.
    const call: Promise<Caller> = this.verifyRemotely(credential)
      .then((caller) => {
        if (this.pending.get(digest) === call) this.remember(digest, caller);
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
