/** A registered endpoint as the store keeps it. The secrets are sealed (delivery/secret-box.ts), never plain. */
export interface Endpoint {
  readonly id: string;
  readonly agentId: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description: string;
  readonly enabled: boolean;
  /** Set when the platform turned it off (every delivery failing for 3 days). */
  readonly disabledReason?: string;
  /** The current signing secret, sealed. */
  readonly sealedSecret: string;
  /** The previous secret, sealed, while a rotation's grace period lasts. */
  readonly sealedPreviousSecret?: string;
  readonly previousSecretExpiresAt?: Date;
  /** The first failed delivery since the last success: 3 days of failures disable the endpoint. */
  readonly failingSince?: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Grace period of a rotated secret: deliveries are signed with both for this long. */
export const ROTATION_GRACE_MS = 24 * 60 * 60_000;
/** An endpoint whose deliveries have all failed this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 60 * 60_000;
