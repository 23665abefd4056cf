import { beforeEach, describe, expect, it } from "vitest";
import type { ReservationJournal, ReservationRecord } from "./reservation-journal.js";

let sequence = 0;

/** A held reservation record with a reference and PNR of its own. */
function reservationRecord(overrides: Partial<ReservationRecord> = {}): ReservationRecord {
  sequence++;
  const clientReference = `bkg_journal_${process.pid}_${sequence}`;
  return {
    clientReference,
    pnr: `J${String(sequence).padStart(5, "0")}`,
    version: 1,
    request: {
      clientReference,
      key: "SBX1.6E.512.BLR.CCU.20261201",
      passengers: [
        {
          paxId: "ADT1",
          type: "ADT",
          title: "MR",
          firstName: "Arjun",
          lastName: "Sharma",
          gender: "M",
          dob: "1985-04-02",
          nationality: "IN",
        },
      ],
      seats: [{ paxId: "ADT1", segmentIndex: 0, seat: "12C" }],
      contact: { email: "agent@example.com", phone: "+919800000000" },
    },
    accepted: {
      carrier: "6E",
      flightNos: ["512"],
      paxIds: ["ADT1"],
      holds: [{ flight: { carrier: "6E", flightNo: "512", origin: "BLR", departureDate: "2026-12-01" }, seats: ["12C"] }],
    },
    ticketAtMs: Date.parse("2026-11-22T06:00:02Z"),
    status: "HELD",
    tickets: [],
    reissues: 0,
    changeReferences: [],
    ...overrides,
  };
}

/** The behaviour every ReservationJournal adapter must show; each adapter's test calls this. */
export function reservationJournalContract(open: () => Promise<ReservationJournal>): void {
  let journal: ReservationJournal;
  beforeEach(async () => {
    journal = await open();
  });

  describe("reservation journal contract", () => {
    it("gives back every record as it was saved", async () => {
      const held = reservationRecord();
      const ticketed = reservationRecord({
        status: "TICKETED",
        version: 2,
        tickets: [{ paxId: "ADT1", segmentIndex: 0, ticketNumber: "3122123456789" }],
      });
      const failed = reservationRecord({ status: "TICKETING_FAILED", failureReason: "ticketing suspended", changeReferences: ["rsq_1"] });
      for (const record of [held, ticketed, failed]) await journal.save(record);
      const loaded = await journal.loadAll();
      for (const record of [held, ticketed, failed]) {
        expect(loaded.find((r) => r.clientReference === record.clientReference)).toEqual(record);
      }
    });

    it("keeps the newest version when an older write arrives late", async () => {
      const held = reservationRecord();
      const cancelled = { ...held, status: "CANCELLED" as const, version: 2 };
      await journal.save(cancelled);
      await journal.save(held);
      const loaded = await journal.loadAll();
      expect(loaded.find((r) => r.clientReference === held.clientReference)?.status).toBe("CANCELLED");
      await journal.save({ ...cancelled, version: 3, changeReferences: ["rsq_9"] });
      expect((await journal.loadAll()).find((r) => r.clientReference === held.clientReference)?.changeReferences).toEqual(["rsq_9"]);
    });

    it("forgets a hold once a newer version has none (ticketing ordered), so a restart does not hold it again", async () => {
      const hold = { ticketTimeLimitMs: Date.parse("2026-11-25T06:00:00Z"), priceGuaranteedUntilMs: Date.parse("2026-11-22T07:00:00Z") };
      const held = reservationRecord({ hold });
      await journal.save(held);
      expect((await journal.loadAll()).find((r) => r.clientReference === held.clientReference)?.hold).toEqual(hold);
      const { hold: _hold, ...ordered } = held;
      await journal.save({ ...ordered, version: 2 });
      expect((await journal.loadAll()).find((r) => r.clientReference === held.clientReference)).toEqual({ ...ordered, version: 2 });
    });

    it("refuses a PNR another reservation holds", async () => {
      const first = reservationRecord();
      await journal.save(first);
      await expect(journal.save(reservationRecord({ pnr: first.pnr }))).rejects.toThrow();
      expect((await journal.loadAll()).filter((r) => r.pnr === first.pnr)).toHaveLength(1);
    });
  });
}
