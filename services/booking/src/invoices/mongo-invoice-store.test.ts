import { MongoOutbox } from "@tarmac/events";
import { describeOnMongo } from "@tarmac/kernel/testing";
import { invoiceStoreContract } from "./invoice-store.contract.js";
import { MongoInvoiceStore } from "./mongo-invoice-store.js";

describeOnMongo("MongoInvoiceStore", (mongo) => {
  invoiceStoreContract(async () => {
    const db = mongo.fresh();
    const outbox = new MongoOutbox(db, "booking_outbox");
    await outbox.ensureIndexes();
    const store = new MongoInvoiceStore(db, outbox);
    await store.ensureIndexes();
    return { store, events: () => outbox.pending(100) };
  });
});
