import { MemoryOutbox } from "@tarmac/events";
import { describe } from "vitest";
import { agencyDirectoryContract } from "./agency-directory.contract.js";
import { bookingStoreLookupsContract } from "./booking-store-lookups.contract.js";
import { bookingStoreRefundsContract } from "./booking-store-refunds.contract.js";
import { bookingStoreContract } from "./booking-store.contract.js";
import { MemoryBookingStore } from "./memory-booking-store.js";

describe("MemoryBookingStore", () => {
  const open = async () => {
    const outbox = new MemoryOutbox();
    return { store: new MemoryBookingStore(outbox), outbox };
  };
  bookingStoreContract(open);
  bookingStoreLookupsContract(open);
  bookingStoreRefundsContract(open);
  agencyDirectoryContract(open);
});
