import { describe } from "vitest";
import { MemoryWebhookStore } from "./memory-webhook-store.js";
import { webhookStoreContract } from "./webhook-store.contract.js";

describe("MemoryWebhookStore", () => {
  webhookStoreContract(() => Promise.resolve(new MemoryWebhookStore()));
});
