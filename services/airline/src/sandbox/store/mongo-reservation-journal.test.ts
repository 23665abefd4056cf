import { describeOnMongo } from "@tarmac/kernel/testing";
import { MongoReservationJournal } from "./mongo-reservation-journal.js";
import { reservationJournalContract } from "./reservation-journal.contract.js";

describeOnMongo("MongoReservationJournal", (mongo) => {
  reservationJournalContract(() => MongoReservationJournal.open(mongo.fresh()));
});
