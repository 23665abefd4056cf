import { type ServiceImpl } from "@connectrpc/connect";
import { DomainError, paiseFromProto, toConnectError } from "@tarmac/kernel";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";

interface Hold {
  readonly holdId: string;
  readonly reference: string;
  readonly agentId: string;
  readonly amount: number;
  state: "HELD" | "CAPTURED" | "VOIDED";
}

/**
 * Just enough wallet for booking's class tests, keeping the books a test asserts on: holds by
 * reference, capture and void once, credits by reference. The real ledger has its own suite.
 */
export class FakeWallet {
  balance: number;
  readonly holds = new Map<string, Hold>();
  readonly credits = new Map<string, number>();
  readonly calls: string[] = [];

  constructor(balance: number) {
    this.balance = balance;
  }

  get held(): number {
    return [...this.holds.values()].filter((h) => h.state === "HELD").reduce((sum, h) => sum + h.amount, 0);
  }

  get captured(): Hold[] {
    return [...this.holds.values()].filter((h) => h.state === "CAPTURED");
  }

  impl(): Partial<ServiceImpl<typeof WalletService>> {
    const fail = (code: "WALLET_INSUFFICIENT_FUNDS" | "VALIDATION_FAILED", message: string) =>
      toConnectError(new DomainError(code, message));
    return {
      hold: (request) => {
        this.calls.push(`hold ${request.reference}`);
        const amount = paiseFromProto(request.amountPaise);
        const existing = this.holds.get(request.reference);
        if (existing) return { holdId: existing.holdId };
        if (this.balance - this.held < amount) throw fail("WALLET_INSUFFICIENT_FUNDS", `available ${this.balance - this.held}`);
        const hold: Hold = {
          holdId: `hold_${request.reference}`,
          reference: request.reference,
          agentId: request.agentId,
          amount,
          state: "HELD",
        };
        this.holds.set(request.reference, hold);
        return { holdId: hold.holdId };
      },
      capture: (request) => {
        this.calls.push(`capture ${request.holdId}`);
        const hold = this.byId(request.holdId);
        if (hold.state === "VOIDED") throw fail("VALIDATION_FAILED", "hold is voided");
        if (hold.state === "HELD") {
          hold.state = "CAPTURED";
          this.balance -= hold.amount;
        }
        return {};
      },
      void: (request) => {
        this.calls.push(`void ${request.holdId}`);
        const hold = this.byId(request.holdId);
        if (hold.state === "CAPTURED") throw fail("VALIDATION_FAILED", "hold is captured");
        hold.state = "VOIDED";
        return {};
      },
      credit: (request) => {
        this.calls.push(`credit ${request.reference}`);
        if (!this.credits.has(request.reference)) {
          // The real wallet's bound on booking's credits (issue 34): a booking's refunds never exceed what it paid.
          const booking = bookingOf(request.reference);
          const paid = this.captured.filter((h) => bookingOf(h.reference) === booking).reduce((sum, h) => sum + h.amount, 0);
          const back = [...this.credits].filter(([ref]) => bookingOf(ref) === booking).reduce((sum, [, amount]) => sum + amount, 0);
          if (booking === undefined || paiseFromProto(request.amountPaise) > paid - back) {
            throw toConnectError(new DomainError("WALLET_CREDIT_NOT_ALLOWED", `${request.reference}: paid ${paid}, credited back ${back}`));
          }
          this.credits.set(request.reference, paiseFromProto(request.amountPaise));
          this.balance += paiseFromProto(request.amountPaise);
        }
        return {};
      },
    };
  }

  private byId(holdId: string): Hold {
    const hold = [...this.holds.values()].find((h) => h.holdId === holdId);
    if (!hold) throw toConnectError(new DomainError("VALIDATION_FAILED", `no hold ${holdId}`));
    return hold;
  }
}

/** The booking a wallet reference names, as the wallet reads it (its domain/booking-refund.ts). */
function bookingOf(reference: string): string | undefined {
  return /^(bkg_[0-9A-Za-z]+)(?:[:/]|$)/.exec(reference)?.[1];
}
