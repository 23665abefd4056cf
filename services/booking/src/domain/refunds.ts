import { DomainError } from "@tarmac/kernel";

/**
 * A refund request's life (API guide, Partial cancellation, void and refunds): REQUESTED when the
 * cancellation is confirmed, PROCESSING while the airline works on it, then REFUNDED (the wallet
 * is credited then, and only then) or REJECTED (nothing credited).
 */
export type RefundStatus = "REQUESTED" | "PROCESSING" | "REFUNDED" | "REJECTED";
export const REFUND_STATUSES: readonly RefundStatus[] = ["REQUESTED", "PROCESSING", "REFUNDED", "REJECTED"];

const ALLOWED: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  REQUESTED: ["PROCESSING", "REFUNDED", "REJECTED"],
  PROCESSING: ["REFUNDED", "REJECTED"],
  REFUNDED: [],
  REJECTED: [],
};

interface RefundChange {
  readonly status: RefundStatus;
  readonly at: Date;
  readonly reason: string;
}

export interface RefundRecord {
  /** `rfd_` + ULID; also the airline's refund reference. */
  readonly refundId: string;
  /** The cancellation it refunds (CancellationRecord.cancellationId). */
  readonly cancellationId: string;
  readonly amountPaise: number;
  readonly status: RefundStatus;
  /** The wallet credit's idempotency reference: the booking id for a whole booking's only refund, else `<booking id>/<refund id>`. */
  readonly walletReference: string;
  readonly requestedAt: Date;
  readonly updatedAt: Date;
  /** When a sweep asks the airline again while it is REQUESTED or PROCESSING. */
  readonly nextCheckAt: Date;
  /**
   * When the airline answered that it refunded: stored before the wallet is credited, so a credit
   * whose answer was lost is asked for again and the airline is never asked again (an answer it
   * changed afterwards could otherwise leave money credited on a refund marked REJECTED).
   */
  readonly airlineRefundedAt?: Date | undefined;
  /** The airline's reason when REJECTED. */
  readonly rejectionReason?: string | undefined;
  readonly history: readonly RefundChange[];
}

/** A partial cancellation confirm under way, with the agent's key when it gave one. */
export interface PendingCancellation {
  readonly quoteId: string;
  readonly cancellationId: string;
  readonly startedAt: Date;
  readonly idempotencyKey?: string | undefined;
  readonly fingerprint?: string | undefined;
}

export const isPendingRefund = (r: RefundRecord): boolean => r.status === "REQUESTED" || r.status === "PROCESSING";

/** The refund in its new status, its change appended; BOOKING_INVALID_STATE for a change the life above does not allow. */
export function moveRefund(
  refund: RefundRecord,
  to: RefundStatus,
  at: Date,
  reason: string,
  nextCheckAt = refund.nextCheckAt,
): RefundRecord {
  if (!ALLOWED[refund.status].includes(to))
    throw new DomainError("BOOKING_INVALID_STATE", `Refund ${refund.refundId} is ${refund.status}; it cannot become ${to}`);
  return {
    ...refund,
    status: to,
    updatedAt: at,
    nextCheckAt,
    history: [...refund.history, { status: to, at, reason }],
    ...(to === "REJECTED" && { rejectionReason: reason }),
  };
}

/** A new refund request for a confirmed cancellation. */
export function requestRefund(
  request: {
    readonly refundId: string;
    readonly cancellationId: string;
    readonly bookingId: string;
    readonly amountPaise: number;
    /** The booking's only refund (a whole cancellation, nothing cancelled before): the booking id is its wallet reference, as before partial cancellations existed. */
    readonly firstWhole: boolean;
  },
  at: Date,
): RefundRecord {
  return {
    refundId: request.refundId,
    cancellationId: request.cancellationId,
    amountPaise: request.amountPaise,
    status: "REQUESTED",
    walletReference: request.firstWhole ? request.bookingId : `${request.bookingId}/${request.refundId}`,
    requestedAt: at,
    updatedAt: at,
    nextCheckAt: at,
    history: [{ status: "REQUESTED", at, reason: "cancellation confirmed" }],
  };
}
