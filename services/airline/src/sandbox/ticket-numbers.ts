import { accountingCodeOf } from "./accounting-codes.js";
import { randomFor } from "./random.js";

/** Electronic tickets are issued from form series 2, as most BSP e-tickets are. */
const E_TICKET_FORM = "2";
/** Electronic miscellaneous documents (baggage, meals sold after booking) from form series 8. */
const EMD_FORM = "8";

/**
 * Ticket and EMD numbers one airline has issued: 13 digits, the validating carrier's accounting
 * code and a 10-digit serial (the form digit, 2 for an e-ticket and 8 for an EMD, then nine digits
 * drawn from a generator seeded by the PNR, passenger, segment and, for a reissue, its number, or
 * for an EMD the addition's reference and the item's position). The same coupon of the same PNR
 * gets the same number; a number this airline already issued is drawn again with the next attempt
 * number, so all (tickets and EMDs together) are unique.
 */
export class TicketNumbers {
  private readonly issued = new Set<string>();

  /** Marks a number issued before (a reservation read back from the journal). */
  remember(number: string): void {
    this.issued.add(number);
  }

  /** `reissue`: 0 for the PNR's first issue, n for its n-th reissue after a change (another draw). */
  issue(carrier: string, pnr: string, paxId: string, segmentIndex: number, reissue = 0): string {
    const seed = reissue === 0 ? [pnr, paxId, segmentIndex] : [pnr, paxId, segmentIndex, `reissue${reissue}`];
    return this.draw(carrier, E_TICKET_FORM, seed);
  }

  /** An EMD for the item at `position` of the addition `addReference` to the PNR. */
  issueEmd(carrier: string, pnr: string, addReference: string, position: number): string {
    return this.draw(carrier, EMD_FORM, [pnr, addReference, position]);
  }

  private draw(carrier: string, form: string, seed: readonly (string | number)[]): string {
    const prefix = accountingCodeOf(carrier);
    for (let attempt = 0; ; attempt++) {
      const serial = randomFor(form === EMD_FORM ? "emd" : "ticket", ...seed, attempt).int(0, 999_999_999);
      const number = `${prefix}${form}${String(serial).padStart(9, "0")}`;
      if (!this.issued.has(number)) {
        this.issued.add(number);
        return number;
      }
    }
  }
}
