import { MongoOutbox } from "@tarmac/events";
import { describeOnMongo } from "@tarmac/kernel/testing";
import { MongoScheduleChangeStore } from "./mongo-schedule-change-store.js";
import { scheduleChangeStoreContract } from "./schedule-change-store.contract.js";

describeOnMongo("MongoScheduleChangeStore", (mongo) => {
  scheduleChangeStoreContract(async () => {
    const db = mongo.fresh();
    const outbox = new MongoOutbox(db, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoScheduleChangeStore(db, outbox);
    await store.ensureIndexes();
    return { store, events: () => outbox.pending(1_000) };
  });
});
