import { isMongoServerError } from "@tarmac/kernel";
import type { Collection, Db } from "mongodb";
import type { ReservationJournal, ReservationRecord } from "./reservation-journal.js";

type ReservationDocument = Omit<ReservationRecord, "clientReference"> & { _id: string };

/** A write or the start-up read that takes longer fails instead of holding the caller. */
const OPERATION_TIMEOUT_MS = 3_000;

/**
 * The sandbox airline's reservations in MongoDB: collection `airline_reservations`, `_id` = the
 * client reference, a unique index on `pnr` (a PNR is never given out twice, whatever the
 * airline's memory says). Writes are majority-acknowledged, so an answered reservation survives a
 * failover; the start-up read is majority from the primary, so it never sees a write that may roll
 * back. A save is conditional on the stored version being lower: a slow write of an older version
 * cannot overwrite a newer one. A save replaces the whole record: a field the newer version no
 * longer has (a hold once its ticketing is ordered) must not survive a restart.
 */
export class MongoReservationJournal implements ReservationJournal {
  private readonly reservations: Collection<ReservationDocument>;

  constructor(db: Db) {
    this.reservations = db.collection<ReservationDocument>("airline_reservations", {
      writeConcern: { w: "majority" },
      readConcern: { level: "majority" },
      readPreference: "primary",
    });
  }

  static async open(db: Db): Promise<MongoReservationJournal> {
    const journal = new MongoReservationJournal(db);
    await journal.reservations.createIndexes([{ key: { pnr: 1 }, name: "pnr_unique", unique: true }]);
    return journal;
  }

  async loadAll(): Promise<ReservationRecord[]> {
    const documents = await this.reservations.find({}, { maxTimeMS: OPERATION_TIMEOUT_MS * 10 }).toArray();
    return documents.map(({ _id, ...record }) => ({ clientReference: _id, ...record }));
  }

  async save(record: ReservationRecord): Promise<void> {
    const { clientReference, ...fields } = record;
    try {
      await this.reservations.replaceOne({ _id: clientReference, version: { $lt: record.version } }, fields, {
        upsert: true,
        maxTimeMS: OPERATION_TIMEOUT_MS,
      });
    } catch (error) {
      // The upsert's insert collides on _id when a newer version is stored: nothing to write.
      if (isMongoServerError(error) && error.code === 11000 && (error.keyPattern as Record<string, unknown> | undefined)?._id !== undefined)
        return;
      throw error;
    }
  }
}
