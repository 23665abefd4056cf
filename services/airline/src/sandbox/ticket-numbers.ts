import { accountingCodeOf } from "./accounting-codes.js";
import { randomFor } from "./random.js";

/** Electronic tickets are issued from form series 2, as most BSP e-tickets are. */
const E_TICKET_FORM = "2";

/**
 * Ticket numbers one airline has issued: 13 digits, the validating carrier's accounting code and
 * a 10-digit serial (the e-ticket form digit 2, then nine digits drawn from a generator seeded by
 * the PNR, passenger, segment and, for a reissue, its number). The same coupon of the same PNR
 * gets the same number; a number this airline already issued is drawn again with the next attempt
 * number, so all are unique.
 */
export class TicketNumbers {
  private readonly issued = new Set<string>();

  /** Marks a number issued before (a reservation read back from the journal). */
  remember(number: string): void {
    this.issued.add(number);
  }

  /** `reissue`: 0 for the PNR's first issue, n for its n-th reissue after a change (another draw). */
  issue(carrier: string, pnr: string, paxId: string, segmentIndex: number, reissue = 0): string {
    const prefix = accountingCodeOf(carrier);
    const seed = reissue === 0 ? [pnr, paxId, segmentIndex] : [pnr, paxId, segmentIndex, `reissue${reissue}`];
    for (let attempt = 0; ; attempt++) {
      const serial = randomFor("ticket", ...seed, attempt).int(0, 999_999_999);
      const number = `${prefix}${E_TICKET_FORM}${String(serial).padStart(9, "0")}`;
      if (!this.issued.has(number)) {
        this.issued.add(number);
        return number;
      }
    }
  }
}
