import { createHash } from "node:crypto";
import { type Clock, systemClock } from "@tarmac/kernel";
import type { Caller } from "./caller.js";

export interface ApiKeyVerifierOptions {
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
 * Verifies API keys through the auth service, remembering successes for a short TTL so the hot
 * path does not pay a peer call per request. Failures are never remembered (a fixed key works at
 * once); concurrent misses for one key share a single call. A revoked key or suspended agent can
 * therefore be honoured for up to the TTL. Keys are held only as SHA-256 digests.
 */
export class ApiKeyVerifier {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Caller>>();
  private readonly maxEntries: number;
  private readonly clock: Clock;

  constructor(
    private readonly verifyRemotely: (apiKey: string) => Promise<Caller>,
    private readonly options: ApiKeyVerifierOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.clock = options.clock ?? systemClock;
  }

  async verify(apiKey: string): Promise<Caller> {
    if (this.options.ttlMs <= 0) return this.verifyRemotely(apiKey);
    const digest = createHash("sha256").update(apiKey).digest("base64url");
    const entry = this.entries.get(digest);
    if (entry) {
      if (entry.expiresAt > this.clock.now().getTime()) return entry.caller;
      this.entries.delete(digest);
    }
    const inFlight = this.pending.get(digest);
    if (inFlight) return inFlight;
    const call = this.verifyRemotely(apiKey)
      .then((caller) => {
        this.remember(digest, caller);
        return caller;
      })
      .finally(() => this.pending.delete(digest));
    this.pending.set(digest, call);
    return call;
  }

  private remember(digest: string, caller: Caller): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(digest, { caller, expiresAt: this.clock.now().getTime() + this.options.ttlMs });
  }
}
