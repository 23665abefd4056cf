import { describe, expect, it } from "vitest";
import type { Booking } from "../domain/booking.js";
import type { RefundRecord } from "../domain/refunds.js";
import type { Invoice, InvoiceKind } from "../invoices/invoice.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import { bookingIdOf, reconcileAgency, type AgencyRecords, type CheckOptions, type LineKind, type StatementLine } from "./checks.js";

const AGENT = "agt_one";
const T0 = new Date("2026-11-22T06:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const OPTIONS: CheckOptions = {
  now: at(60),
  readStartedAt: at(60),
  holdGraceMs: 5 * 60_000,
  stuckAfterMs: 30 * 60_000,
  recoveryGraceMs: 60_000,
};

/** Lines with their running balance, oldest first, like a statement. */
function statement(...moves: [LineKind, number, string][]): StatementLine[] {
  let balance = 0;
  return moves.map(([kind, amountPaise, reference], i) => {
    if (kind !== "HOLD" && kind !== "VOID") balance += amountPaise;
    return { entryId: `wtx_${i + 1}`, at: at(i), kind, amountPaise, balanceAfterPaise: balance, reference };
  });
}

const ticketed = (overrides: Partial<Booking> = {}): Booking =>
  bookingFixture({
    bookingId: "bkg_A",
    agentId: AGENT,
    status: "TICKETED",
    statusHistory: [
      { status: "PENDING", at: at(1), reason: "" },
      { status: "BOOKED", at: at(1), reason: "" },
      { status: "TICKETED", at: at(2), reason: "" },
    ],
    debitPaise: 905_000,
    lastArrivalAt: at(24 * 60),
    updatedAt: at(2),
    taxTerms: { gstOnServiceFeeBps: 1800, tdsOnCommissionBps: 200, gstKind: "IGST" },
    ...overrides,
  });

const document = (kind: InvoiceKind, totalPaise: number, sequence = 1, bookingId = "bkg_A"): Invoice =>
  ({ kind, bookingId, agentId: AGENT, totalPaise, invoiceNumber: `${kind}/${sequence}`, sequence }) as Invoice;

const refund = (amountPaise: number, status: RefundRecord["status"], walletReference = "bkg_A"): RefundRecord => ({
  refundId: "rfd_1",
  cancellationId: "cx_1",
  amountPaise,
  status,
  walletReference,
  requestedAt: at(3),
  updatedAt: at(4),
  nextCheckAt: at(4),
  history: [],
});

/** A sound agency: a 10,000.00 top-up, booking A captured and ticketed, its tax invoice. */
function sound(): AgencyRecords {
  const lines = statement(["TOP_UP", 1_000_000, "neft-1"], ["HOLD", -905_000, "bkg_A"], ["CAPTURE", -905_000, "bkg_A"]);
  return {
    wallet: { agentId: AGENT, balancePaise: 95_000, heldPaise: 0, lines, openHolds: [], quiet: true },
    bookings: [ticketed()],
    documents: [document("TAX_INVOICE", 905_000)],
  };
}

const kindsOf = (records: AgencyRecords, options = OPTIONS) =>
  reconcileAgency(records, options).discrepancies.map((d) => ({
    kind: d.kind,
    ids: d.ids,
    expected: d.expectedPaise,
    actual: d.actualPaise,
  }));

describe("reconcileAgency", () => {
  it("finds nothing in a sound agency and counts the booking it compared", () => {
    const result = reconcileAgency(sound(), OPTIONS);
    expect(result.discrepancies).toEqual([]);
    expect(result).toMatchObject({ bookingsChecked: 1, bookingsInFlight: 0 });
  });

  it("agrees with a cancellation refunded under the booking id and its credit note", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["REFUND", 500_000, "bkg_A"],
    );
    expect(
      kindsOf({
        wallet: { ...records.wallet, balancePaise: 595_000, lines },
        bookings: [ticketed({ status: "REFUNDED", refunds: [refund(500_000, "REFUNDED")] })],
        documents: [document("TAX_INVOICE", 905_000), document("CREDIT_NOTE", 500_000)],
      }),
    ).toEqual([]);
  });

  it("counts transfers to and from sub-agents in the balance and blames no booking for them", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["TRANSFER_OUT", -60_000, "fund-branch-1"],
      ["TRANSFER_IN", 15_000, "back-branch-1"],
    );
    expect(kindsOf({ ...records, wallet: { ...records.wallet, balancePaise: 50_000, lines } })).toEqual([]);
  });

  it("reports a balance that is not the sum of the statement, and a line whose balance after breaks the chain", () => {
    const records = sound();
    expect(kindsOf({ ...records, wallet: { ...records.wallet, balancePaise: 96_000 } })).toEqual([
      { kind: "balance_mismatch", ids: ["wtx_3"], expected: 95_000, actual: 96_000 },
    ]);
    const lines = records.wallet.lines.map((l) => (l.entryId === "wtx_1" ? { ...l, balanceAfterPaise: 1 } : l));
    expect(kindsOf({ ...records, wallet: { ...records.wallet, lines } })).toEqual([
      { kind: "balance_mismatch", ids: ["wtx_1"], expected: 1_000_000, actual: 1 },
    ]);
  });

  it("compares balance and held only when the wallet stood still while it was read", () => {
    const records = sound();
    expect(kindsOf({ ...records, wallet: { ...records.wallet, balancePaise: 1, heldPaise: 7, quiet: false } })).toEqual([]);
  });

  it("reports a statement line no booking of the agency made (a credit by hand, another agency's booking)", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["REFUND", 10_000, "goodwill-7"],
      ["REFUND", 20_000, "bkg_OTHER/rfd_9"],
    );
    expect(kindsOf({ ...records, wallet: { ...records.wallet, balancePaise: 125_000, lines } })).toEqual([
      { kind: "orphan_line", ids: ["wtx_4", "goodwill-7"], expected: 0, actual: 10_000 },
      { kind: "orphan_line", ids: ["wtx_5", "bkg_OTHER/rfd_9"], expected: 0, actual: 20_000 },
    ]);
  });

  it("reports a capture the booking does not know (an addition the booking never recorded)", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["HOLD", -30_000, "bkg_A:add_1"],
      ["CAPTURE", -30_000, "bkg_A:add_1"],
    );
    expect(kindsOf({ ...records, wallet: { ...records.wallet, balancePaise: 65_000, lines } })).toEqual([
      { kind: "booking_ledger_mismatch", ids: ["bkg_A", "wtx_2", "wtx_3", "wtx_4", "wtx_5"], expected: 905_000, actual: 935_000 },
      { kind: "invoice_mismatch", ids: ["bkg_A", "TAX_INVOICE/1"], expected: 935_000, actual: 905_000 },
    ]);
  });

  it("reports a booking operation with no capture, and a refund the booking recorded but the wallet never credited", () => {
    const uncaptured = sound();
    const lines = statement(["TOP_UP", 1_000_000, "neft-1"]);
    expect(
      kindsOf({ ...uncaptured, wallet: { ...uncaptured.wallet, balancePaise: 1_000_000, lines } }).map((d) => [
        d.kind,
        d.expected,
        d.actual,
      ]),
    ).toEqual([
      ["booking_ledger_mismatch", 905_000, 0],
      ["invoice_mismatch", 0, 905_000],
    ]);
    const refunded = sound();
    expect(
      kindsOf({
        ...refunded,
        bookings: [ticketed({ status: "REFUNDED", refunds: [refund(500_000, "REFUNDED")] })],
        documents: [...refunded.documents, document("CREDIT_NOTE", 500_000)],
      }).map((d) => [d.kind, d.expected, d.actual]),
    ).toEqual([
      ["booking_ledger_mismatch", 405_000, 905_000],
      ["invoice_mismatch", 905_000, 405_000],
    ]);
  });

  it("reports an invoice total that disagrees with the ledger, and a ticketed booking without its invoice", () => {
    const records = sound();
    expect(kindsOf({ ...records, documents: [document("TAX_INVOICE", 900_000), document("DEBIT_NOTE", 4_000, 2)] })).toEqual([
      { kind: "invoice_mismatch", ids: ["bkg_A", "TAX_INVOICE/1", "DEBIT_NOTE/2"], expected: 905_000, actual: 904_000 },
    ]);
    expect(kindsOf({ ...records, documents: [] })).toEqual([{ kind: "invoice_mismatch", ids: ["bkg_A"], expected: 905_000, actual: 0 }]);
  });

  it("reports a hold still open past its expiry and the grace the sweep has", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["HOLD", -5_000, "bkg_A:add_1"],
    );
    const hold = { holdId: "hld_1", reference: "bkg_A:add_1", amountPaise: 5_000, createdAt: at(30), expiresAt: at(35) };
    const wallet = { ...records.wallet, heldPaise: 5_000, lines, openHolds: [hold] };
    // The booking's addition is still pending: its hold is not yet the booking's money.
    const pending = ticketed({ pendingAddition: { additionId: "add_1", startedAt: at(30), items: [], totalPaise: 5_000 } });
    const stillInGrace = { ...OPTIONS, now: at(39), readStartedAt: at(39) };
    expect(kindsOf({ ...records, wallet, bookings: [pending] }, stillInGrace)).toEqual([]);
    expect(kindsOf({ ...records, wallet, bookings: [pending] }).filter((d) => d.kind === "expired_hold")).toEqual([
      { kind: "expired_hold", ids: ["hld_1", "bkg_A:add_1"], expected: 0, actual: 5_000 },
    ]);
  });

  it("reports held that is not the open holds", () => {
    const records = sound();
    expect(kindsOf({ ...records, wallet: { ...records.wallet, heldPaise: 3_000 } })).toEqual([
      { kind: "held_mismatch", ids: [], expected: 0, actual: 3_000 },
    ]);
  });

  it("reports a booking stuck PENDING past its deadline, and leaves one still in its create call alone", () => {
    const records = sound();
    const pending = bookingFixture({ bookingId: "bkg_P", agentId: AGENT, status: "PENDING", updatedAt: at(0), debitPaise: 905_000 });
    expect(kindsOf({ ...records, bookings: [...records.bookings, pending] })).toEqual([
      { kind: "stuck_booking", ids: ["bkg_P"], expected: 0, actual: 0 },
    ]);
    const young = { ...OPTIONS, now: at(20), readStartedAt: at(20) };
    expect(kindsOf({ ...records, bookings: [...records.bookings, pending] }, young)).toEqual([]);
  });

  it("reports a HELD booking past its ticket time limit and a TICKETED one never flown", () => {
    const records = sound();
    const hold = { ticketTimeLimit: at(10), priceGuaranteedUntil: at(10), warnAt: at(5), warned: true };
    const held = bookingFixture({
      bookingId: "bkg_H",
      agentId: AGENT,
      status: "HELD",
      payment: "HOLD",
      debitPaise: 0,
      hold,
      updatedAt: at(0),
    });
    const landed = ticketed({ lastArrivalAt: at(0) });
    expect(kindsOf({ ...records, bookings: [landed, held] }).map((d) => [d.kind, d.ids])).toEqual([
      ["stuck_booking", ["bkg_A"]],
      ["stuck_booking", ["bkg_H"]],
    ]);
  });

  it("leaves bookings with money in flight for the next run", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["REFUND", 500_000, "bkg_A"],
    );
    const wallet = { ...records.wallet, balancePaise: 595_000, lines };
    // The refund is credited; the booking has not stored it yet.
    const crediting = ticketed({ status: "CANCELLED", refunds: [refund(500_000, "PROCESSING")] });
    expect(reconcileAgency({ ...records, wallet, bookings: [crediting] }, OPTIONS)).toEqual({
      discrepancies: [],
      bookingsChecked: 0,
      bookingsInFlight: 1,
    });
    // Changed after the wallet read began: what it did may not be in the snapshot.
    const changed = ticketed({ updatedAt: OPTIONS.readStartedAt, status: "REFUNDED", refunds: [refund(500_000, "REFUNDED")] });
    expect(reconcileAgency({ ...records, bookings: [changed] }, OPTIONS).discrepancies).toEqual([]);
  });

  it("expects nothing paid for a booking that failed, was released or expired", () => {
    const records = sound();
    const lines = statement(
      ["TOP_UP", 1_000_000, "neft-1"],
      ["HOLD", -905_000, "bkg_A"],
      ["CAPTURE", -905_000, "bkg_A"],
      ["REFUND", 905_000, "bkg_A"],
    );
    const failed = ticketed({ status: "FAILED", statusHistory: [{ status: "BOOKED", at: at(1), reason: "" }], taxTerms: undefined });
    expect(kindsOf({ wallet: { ...records.wallet, balancePaise: 1_000_000, lines }, bookings: [failed], documents: [] })).toEqual([]);
  });
});

describe("bookingIdOf", () => {
  it("reads the booking id from every reference booking uses, and nothing from others", () => {
    expect(
      ["bkg_01J", "bkg_01J:qt_1", "bkg_01J:add_1", "bkg_01J:ticket:17", "bkg_01J/rfd_1", "bkg_01J:qt_1:refund"].map(bookingIdOf),
    ).toEqual(Array(6).fill("bkg_01J"));
    expect(["neft-1", "goodwill", "xbkg_01J", "bkg_01J-x"].map(bookingIdOf)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
