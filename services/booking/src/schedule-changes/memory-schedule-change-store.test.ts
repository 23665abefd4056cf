import { MemoryOutbox } from "@tarmac/events";
import { describe } from "vitest";
import { MemoryScheduleChangeStore } from "./memory-schedule-change-store.js";
import { scheduleChangeStoreContract } from "./schedule-change-store.contract.js";

describe("MemoryScheduleChangeStore", () => {
  scheduleChangeStoreContract(() => {
    const outbox = new MemoryOutbox();
    return Promise.resolve({ store: new MemoryScheduleChangeStore(outbox), events: () => outbox.pending(1_000) });
  });
});
