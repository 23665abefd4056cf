// @ts-expect-error -- CommonJS without type declarations; its shape is declared below.
import LocalStoreModule from "@fastify/rate-limit/store/LocalStore.js";
import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

/** @fastify/rate-limit's own in-memory store (CommonJS, untyped): the part of it used here. */
interface LocalStore {
  incr(key: string, callback: (error: Error | null, hit: { current: number; ttl: number }) => void, windowMs: number, max: number): void;
}
type LocalStoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache: number) => LocalStore;

// A static import (not createRequire), so a bundler sees it and bundles it (`pnpm build`).
const LocalStore = LocalStoreModule as LocalStoreConstructor;

export interface MemoryRateLimitStoreOptions {
  /**
   * Buckets kept at most (least recently used dropped first). A dropped bucket starts a fresh
   * window, so this must exceed the number of keys active within one window.
   */
  readonly maxKeys?: number;
}

/**
 * Counters in this process: @fastify/rate-limit's LocalStore (an LRU map), behind the gateway's
 * store port. A window starts at a key's first request and lasts windowMs. The default store;
 * several gateway replicas each count on their own, so together they admit up to replicas x limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly local: LocalStore;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.local = new LocalStore(false, false, options.maxKeys ?? 10_000);
  }

  increment(key: string, windowMs: number): Promise<RateLimitHit> {
    return new Promise((resolve, reject) => {
      // `max` only matters to LocalStore's continueExceeding and backoff modes, both off.
      this.local.incr(key, (error, hit) => (error ? reject(error) : resolve({ current: hit.current, resetInMs: hit.ttl })), windowMs, 0);
    });
  }
}
