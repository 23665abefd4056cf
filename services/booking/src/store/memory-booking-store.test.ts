import { MemoryOutbox } from "@tarmac/events";
import { describe } from "vitest";
import { bookingStoreContract } from "./booking-store.contract.js";
import { MemoryBookingStore } from "./memory-booking-store.js";

describe("MemoryBookingStore", () => {
  bookingStoreContract(async () => {
    const outbox = new MemoryOutbox();
    return { store: new MemoryBookingStore(outbox), outbox };
  });
});
