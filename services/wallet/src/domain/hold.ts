export type HoldState = "HELD" | "CAPTURED" | "VOIDED";

/** Why a hold was voided: the caller asked (Void), or its expires_at passed (the sweep). */
export type VoidReason = "REQUESTED" | "EXPIRED";

/**
 * Money set aside for one booking until it is captured (debited) or voided (released). A hold
 * leaves HELD exactly once, to CAPTURED or to VOIDED, and never moves again.
 */
export interface Hold {
  /** `hld_` + ULID. */
  readonly holdId: string;
  readonly agentId: string;
  /** The caller's reference (the booking id): one hold per reference, ever. */
  readonly reference: string;
  /** > 0. */
  readonly amountPaise: number;
  readonly state: HoldState;
  readonly description: string;
  readonly createdAt: Date;
  /** At and after this instant the hold can no longer be captured; the sweep voids it. */
  readonly expiresAt: Date;
  /** The HOLD ledger transaction. */
  readonly holdTransactionId: string;
  /** When it was captured or voided. */
  readonly settledAt?: Date;
  /** The CAPTURE or VOID ledger transaction. */
  readonly settleTransactionId?: string;
  readonly voidReason?: VoidReason;
}

export function isExpired(hold: Pick<Hold, "expiresAt">, now: Date): boolean {
  return now.getTime() >= hold.expiresAt.getTime();
}
