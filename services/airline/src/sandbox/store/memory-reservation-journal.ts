import { deepCopy } from "@tarmac/kernel";
import type { ReservationJournal, ReservationRecord } from "./reservation-journal.js";

/**
 * Records in this object: an airline opened again on the same journal (a restart in tests)
 * finds them. Copies go in and out, as they would through a database.
 */
export class MemoryReservationJournal implements ReservationJournal {
  private readonly records = new Map<string, ReservationRecord>();

  loadAll(): Promise<ReservationRecord[]> {
    return Promise.resolve([...this.records.values()].map((record) => deepCopy(record)));
  }

  save(record: ReservationRecord): Promise<void> {
    const holder = [...this.records.values()].find((r) => r.pnr === record.pnr && r.clientReference !== record.clientReference);
    if (holder !== undefined) return Promise.reject(new Error(`PNR ${record.pnr} belongs to ${holder.clientReference}`));
    const stored = this.records.get(record.clientReference);
    if (stored === undefined || stored.version < record.version) this.records.set(record.clientReference, deepCopy(record));
    return Promise.resolve();
  }
}
