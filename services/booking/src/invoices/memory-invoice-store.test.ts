import { describe } from "vitest";
import { invoiceStoreContract } from "./invoice-store.contract.js";
import { MemoryInvoiceStore } from "./memory-invoice-store.js";

describe("MemoryInvoiceStore", () => {
  invoiceStoreContract(() => Promise.resolve(new MemoryInvoiceStore()));
});
