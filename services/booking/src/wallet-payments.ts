import type { Client } from "@connectrpc/connect";
import { setTimeout as sleep } from "node:timers/promises";
import { DomainError, neverSent, toTimestamp, type Clock } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";

/** Money an agent's wallet pays for one airline step. */
export interface Payment {
  readonly agentId: string;
  readonly amountPaise: number;
  /** The hold's reference: asking again with it finds the same hold, so a retry never holds twice. */
  readonly reference: string;
  readonly description: string;
}

/** A hold call whose connection is refused is tried this many times, NEVER_SENT_BACKOFF_MS x attempt apart. */
const NEVER_SENT_ATTEMPTS = 3;
const NEVER_SENT_BACKOFF_MS = 100;

/**
 * The wallet answered a hold with a refusal (insufficient funds, no such account, a bad request):
 * it surely holds nothing under the reference, whatever the refusal, so the step ends now.
 */
export function refusedHold(error: unknown): error is DomainError {
  return error instanceof DomainError && error.status < 500;
}

/** What the airline step did: `done` with its answer, or surely nothing at the airline. */
export type StepOutcome<T> = { readonly done: T } | { readonly nothingDone: DomainError };

/**
 * How a paid step ended. What leaves the outcome unknown (a wallet or airline that did not answer,
 * a crash) is thrown instead, and the hold stays for the recovery sweep to settle.
 */
export type Settlement<T> =
  | { readonly kind: "paid"; readonly result: T }
  /** The wallet refused the hold (insufficient funds, no account, ...) or could not be reached: nothing held, the airline was not asked. */
  | { readonly kind: "declined"; readonly error: DomainError }
  /** The airline step did nothing: the hold is voided. */
  | { readonly kind: "not-done"; readonly error: DomainError }
  /** The step was done but its hold is gone (expired, or voided by a recovery): nothing was taken. */
  | { readonly kind: "unpaid"; readonly result: T; readonly error: DomainError };

export interface WalletPaymentsDeps {
  /** Rejects with the catalogue's DomainError (a peer client). */
  readonly wallet: Client<typeof WalletService>;
  readonly clock: Clock;
  /** How long a hold lives if neither captured nor voided (the recovery sweep's margin). */
  readonly holdTtlMs: number;
}

/**
 * Hold-then-capture, like a card authorisation (API guide, Bookings and Cancellation and reschedule), for the booking flow and for
 * reschedules alike: hold the amount, run the airline step, capture; void the hold when the step
 * surely did nothing. Every step is idempotent (hold by reference, capture and void by hold id).
 */
export class WalletPayments {
  constructor(private readonly deps: WalletPaymentsDeps) {}

  async payFor<T>(payment: Payment, step: (holdId: string | undefined) => Promise<StepOutcome<T>>): Promise<Settlement<T>> {
    if (payment.amountPaise === 0) {
      const outcome = await step(undefined);
      return "done" in outcome ? { kind: "paid", result: outcome.done } : { kind: "not-done", error: outcome.nothingDone };
    }
    let holdId: string;
    try {
      holdId = await this.holdReachingWallet(payment);
    } catch (error) {
      if (refusedHold(error)) return { kind: "declined", error };
      if (neverSent(error))
        return {
          kind: "declined",
          error: new DomainError(
            "UNAVAILABLE",
            "The wallet could not be reached, so nothing was charged and the booking ended; retry the request with a new Idempotency-Key",
            {
              retryAfterSeconds: 1,
              cause: error,
            },
          ),
        };
      throw error;
    }
    const outcome = await step(holdId);
    if (!("done" in outcome)) {
      await this.void(holdId);
      return { kind: "not-done", error: outcome.nothingDone };
    }
    try {
      await this.capture(holdId);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) return { kind: "unpaid", result: outcome.done, error };
      throw error;
    }
    return { kind: "paid", result: outcome.done };
  }

  /**
   * hold(), asked again at once while the wallet's connection is refused (a wallet pod restarting):
   * such a call surely held nothing, so a few quick retries cost nothing and spare the booking.
   */
  private async holdReachingWallet(payment: Payment): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.hold(payment);
      } catch (error) {
        if (!neverSent(error) || attempt >= NEVER_SENT_ATTEMPTS) throw error;
        await sleep(NEVER_SENT_BACKOFF_MS * attempt);
      }
    }
  }

  /** Holds `payment`, or finds the hold made earlier under its reference. */
  async hold(payment: Payment): Promise<string> {
    const held = await this.deps.wallet.hold({
      agentId: payment.agentId,
      amountPaise: BigInt(payment.amountPaise),
      reference: payment.reference,
      expiresAt: toTimestamp(new Date(this.deps.clock.now().getTime() + this.deps.holdTtlMs)),
      description: payment.description,
    });
    return held.holdId;
  }

  async capture(holdId: string): Promise<void> {
    await this.deps.wallet.capture({ holdId });
  }

  async void(holdId: string): Promise<void> {
    await this.deps.wallet.void({ holdId });
  }

  /**
   * Voids the hold an interrupted step made under `payment`'s reference, if it made one: asking for
   * the hold again finds it (one made only now is voided with it); a wallet that cannot hold the
   * amount again held nothing to void.
   */
  async voidAnyHold(payment: Payment): Promise<void> {
    const holdId = await this.hold(payment).catch((error: unknown) => {
      if (refusedHold(error)) return undefined;
      throw error;
    });
    if (holdId !== undefined) await this.void(holdId);
  }

  /** Credits `payment` back to the agent's wallet; the wallet credits a reference once. */
  async credit(payment: Payment): Promise<void> {
    await this.deps.wallet.credit({
      agentId: payment.agentId,
      amountPaise: BigInt(payment.amountPaise),
      reference: payment.reference,
      reason: payment.description,
    });
  }
}
