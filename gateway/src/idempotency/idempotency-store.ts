/** API guide, Idempotency: an Idempotency-Key is kept 24 hours from its first use. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * How long a started request holds its key. A gateway that crashes mid-request never completes or
 * abandons its record; after the lease a retry with the same body may run again instead of getting
 * 409 for 24 hours. Far longer than any booking call takes (peer deadlines are seconds).
 */
export const DEFAULT_LEASE_MS = 60_000;

/** API guide, Idempotency: keys are scoped to agent + operation + key. */
export interface IdempotencyScope {
  readonly agentId: string;
  /** The route's operation name, e.g. "booking.create". */
  readonly operation: string;
  /** The Idempotency-Key header as sent. */
  readonly key: string;
}

/** A response as it was sent, to be sent again byte for byte. */
export interface StoredResponse {
  readonly statusCode: number;
  /** Only Content-Type is kept: X-Request-ID belongs to the replaying request, and the rest is per-send. */
  readonly headers: { readonly "content-type"?: string };
  /** The exact payload bytes (UTF-8 JSON) as a string. */
  readonly body: string;
}

export type BeginResult =
  /** The key is now this request's, under `lease`: run it, then complete() or abandon(scope, lease). */
  | { readonly state: "started"; readonly lease: string }
  /** Another request with this key and body is still running (and its lease has not run out). */
  | { readonly state: "in_progress" }
  /** The key was used with another request (another fingerprint). */
  | { readonly state: "mismatch" }
  /** The key's request finished: answer its response again. */
  | { readonly state: "done"; readonly response: StoredResponse };

/**
 * Records of Idempotency-Keys. `begin` is atomic per scope: of any number of concurrent begins on a
 * free scope, exactly one is "started". Records vanish 24 hours after creation.
 */
export interface IdempotencyStore {
  /**
   * Claims the scope for a request with this fingerprint, or says why not. A record whose lease ran
   * out (its request crashed) is claimed again by the same fingerprint only; another body stays a
   * mismatch, since the crashed request may have had effects.
   */
  begin(scope: IdempotencyScope, fingerprint: string, now: Date): Promise<BeginResult>;
  /**
   * Stores the response of a started request (the caller stores only statuses below 500). Fills
   * an in-progress record with this fingerprint only: when a lease ran out and a second request
   * took the key over, the first completion wins and the later one is a no-op.
   */
  complete(scope: IdempotencyScope, fingerprint: string, response: StoredResponse): Promise<void>;
  /**
   * Drops an in-progress record (after a 5xx) that is still held under `lease`, so a retry runs
   * again. A completed record stays, and so does one another request took over after this lease
   * ran out: a late 5xx must not free the key while its new holder is still running.
   */
  abandon(scope: IdempotencyScope, lease: string): Promise<void>;
}
