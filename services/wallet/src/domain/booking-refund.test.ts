import { describe, expect, it } from "vitest";
import { bookingMoneyOf, bookingOfReference } from "./booking-refund.js";

describe("a booking's money on the ledger", () => {
  it("reads the booking from every reference booking writes, and from nothing else", () => {
    const id = "bkg_01JD8X3Q4NABCDEFGHJKMNPQRS";
    for (const suffix of ["", ":qte_1", ":add_1", ":ticket:1732255200000", "/rfd_1", ":qte_1:refund"]) {
      expect(bookingOfReference(`${id}${suffix}`)).toBe(id);
    }
    for (const reference of ["agt_1:bkg_1", "goodwill", "bkg_", "bkg_1-x", " bkg_1"]) expect(bookingOfReference(reference)).toBeUndefined();
  });

  it("sums the booking's captures and refunds, not another booking's whose id it prefixes", () => {
    const money = bookingMoneyOf("bkg_1", [
      { kind: "HOLD", reference: "bkg_1", amountPaise: 10_000 },
      { kind: "CAPTURE", reference: "bkg_1", amountPaise: 10_000 },
      { kind: "CAPTURE", reference: "bkg_1:qte_1", amountPaise: 2_000 },
      { kind: "REFUND", reference: "bkg_1/rfd_1", amountPaise: 3_000 },
      { kind: "CAPTURE", reference: "bkg_10", amountPaise: 50_000 },
      { kind: "REFUND", reference: "bkg_10", amountPaise: 1 },
      { kind: "TOP_UP", reference: "bkg_1:top-up", amountPaise: 99_000 },
    ]);
    expect(money).toEqual({ capturedPaise: 12_000, refundedPaise: 3_000 });
  });
});
