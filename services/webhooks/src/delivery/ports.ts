import type { RetrySchedule } from "../domain/retry-schedule.js";

/** The address a delivery connects to: checked once, after DNS, so a rebinding answer cannot redirect it. */
interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** One POST to a receiver. */
export interface SendRequest {
  readonly url: URL;
  readonly address: ResolvedAddress;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
}

/** What came back: never a rejection; a failure is a status 0 with its error. */
export interface SendResult {
  readonly ok: boolean;
  readonly statusCode: number;
  readonly error: string;
  readonly responseBody: string;
  readonly durationMs: number;
}

/** What the dispatcher needs of the outside world; delivery/*.ts provide them, tests their own. */
export interface DeliveryTools {
  /** Signs a body with every secret given: `t=<s>,v1=<hex>[,v1=<hex>]`. */
  sign(secrets: readonly string[], body: string, timestampSeconds: number): string;
  /** The public address to connect to, or why the URL's host is refused (private, loopback, ...). */
  resolve(url: URL): Promise<ResolvedAddress | { readonly refused: string }>;
  send(request: SendRequest): Promise<SendResult>;
  /** A sealed endpoint secret, opened (delivery/secret-box.ts). */
  openSecret(endpointId: string, sealed: string): string;
}

export interface DispatchSettings {
  readonly schedule: RetrySchedule;
  /** How often due deliveries are claimed. */
  readonly pollIntervalMs: number;
  /** Deliveries claimed per poll. */
  readonly batchSize: number;
  /** Deliveries in flight to one endpoint at most: a slow endpoint holds only its own. */
  readonly perEndpointConcurrency: number;
  /** A receiver's answer must come within this (10 s). */
  readonly timeoutMs: number;
}
