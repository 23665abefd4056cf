import { describe } from "vitest";
import { MemoryReservationJournal } from "./memory-reservation-journal.js";
import { reservationJournalContract } from "./reservation-journal.contract.js";

describe("MemoryReservationJournal", () => {
  reservationJournalContract(() => Promise.resolve(new MemoryReservationJournal()));
});
