// The shapes a booking keeps of its keyed confirms (Booking.confirmations), apart from the rules that
// read them (keyed-confirmations.ts), which take the whole booking.

/** What a cancellation confirm answered, kept to answer a retry under the same key. */
interface CancellationAnswer {
  readonly kind: "CANCELLATION";
  readonly airlinePenaltyPaise: number;
  readonly otaFeePaise: number;
  readonly refundAmountPaise: number;
  /** Absent on answers of earlier releases. */
  readonly cancellationId?: string | undefined;
  readonly refundId?: string | undefined;
}

/** What a reschedule confirm answered, kept to answer a retry under the same key. */
interface RescheduleAnswer {
  readonly kind: "RESCHEDULE";
  readonly fareDifferencePaise: number;
  readonly changePenaltyPaise: number;
  readonly newTotalPaise: number;
}

/** What a hold's ticketing answered, kept to answer a retry under the same key. */
interface TicketAnswer {
  readonly kind: "TICKET";
  readonly totalPricePaise: number;
  readonly debitPaise: number;
}

/** What an addition of baggage and meals answered, kept to answer a retry under the same key. */
interface AdditionAnswer {
  readonly kind: "ANCILLARIES";
  readonly additionId: string;
  readonly debitedPaise: number;
}

export type ConfirmAnswer = CancellationAnswer | RescheduleAnswer | TicketAnswer | AdditionAnswer;

/** A confirm made under the agent's idempotency key: the key, its request's fingerprint and its answer. */
export interface KeyedConfirmation {
  readonly idempotencyKey: string;
  readonly fingerprint: string;
  readonly answer: ConfirmAnswer;
  readonly confirmedAt: Date;
}
