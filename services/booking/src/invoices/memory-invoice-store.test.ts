import { MemoryOutbox } from "@tarmac/events";
import { describe } from "vitest";
import { invoiceStoreContract } from "./invoice-store.contract.js";
import { MemoryInvoiceStore } from "./memory-invoice-store.js";

describe("MemoryInvoiceStore", () => {
  invoiceStoreContract(() => {
    const outbox = new MemoryOutbox();
    return Promise.resolve({ store: new MemoryInvoiceStore(outbox), events: () => outbox.pending(100) });
  });
});
