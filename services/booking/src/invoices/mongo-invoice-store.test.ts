import { describeOnMongo } from "@tarmac/kernel/testing";
import { invoiceStoreContract } from "./invoice-store.contract.js";
import { MongoInvoiceStore } from "./mongo-invoice-store.js";

describeOnMongo("MongoInvoiceStore", (mongo) => {
  invoiceStoreContract(async () => {
    const store = new MongoInvoiceStore(mongo.fresh());
    await store.ensureIndexes();
    return store;
  });
});
