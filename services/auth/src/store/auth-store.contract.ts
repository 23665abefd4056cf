import { beforeEach, describe, expect, it } from "vitest";
import type { Agent } from "../domain/agent.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import { generateApiKey, hashApiKey, parseApiKey } from "../domain/api-key.js";
import { DuplicateApiKeyError, type AuthStore } from "./auth-store.js";

const agent: Agent = {
  id: "agt_contract",
  name: "Contract Travels",
  status: "ACTIVE",
  tier: "STANDARD",
  createdAt: new Date("2026-11-01T00:00:00Z"),
};

function newKeyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  const apiKey = generateApiKey(true);
  return {
    keyId: parseApiKey(apiKey)!.keyId,
    agentId: agent.id,
    hash: hashApiKey(apiKey),
    scopes: ["flight.search", "wallet.read"],
    createdAt: new Date("2026-11-02T00:00:00Z"),
    ...overrides,
  };
}

/** The behaviour every AuthStore adapter must have; run against each adapter. */
export function describeAuthStoreContract(name: string, makeStore: () => Promise<AuthStore>): void {
  describe(`AuthStore contract: ${name}`, () => {
    let store: AuthStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it("saves, finds and replaces agents", async () => {
      expect(await store.findAgent(agent.id)).toBeUndefined();
      await store.saveAgent(agent);
      expect(await store.findAgent(agent.id)).toEqual(agent);
      await store.saveAgent({ ...agent, status: "SUSPENDED" });
      expect((await store.findAgent(agent.id))?.status).toBe("SUSPENDED");
    });

    it("stores a key record with every field and finds it by key id", async () => {
      const record = newKeyRecord({
        expiresAt: new Date("2027-01-01T00:00:00Z"),
        revokedAt: new Date("2026-12-01T00:00:00Z"),
        lastUsedAt: new Date("2026-11-03T00:00:00Z"),
      });
      await store.saveApiKey(record);
      expect(await store.findApiKeyById(record.keyId)).toEqual(record);
      expect(await store.findApiKeyById("Zz999999")).toBeUndefined();
    });

    it("refuses a second key with the same key id or the same hash", async () => {
      const record = newKeyRecord();
      await store.saveApiKey(record);
      await expect(store.saveApiKey({ ...newKeyRecord(), keyId: record.keyId })).rejects.toThrow(DuplicateApiKeyError);
      await expect(store.saveApiKey({ ...newKeyRecord(), hash: record.hash })).rejects.toThrow(DuplicateApiKeyError);
      expect(await store.findApiKeyById(record.keyId)).toEqual(record);
    });

    it("records the last use and never moves it backwards", async () => {
      const record = newKeyRecord();
      await store.saveApiKey(record);
      const later = new Date("2026-11-05T10:00:00Z");
      await store.touchApiKey(record.keyId, later);
      expect((await store.findApiKeyById(record.keyId))?.lastUsedAt).toEqual(later);
      await store.touchApiKey(record.keyId, new Date("2026-11-04T00:00:00Z"));
      expect((await store.findApiKeyById(record.keyId))?.lastUsedAt).toEqual(later);
    });

    it("ignores a touch of an unknown key", async () => {
      await store.touchApiKey("Nope0000", new Date());
      expect(await store.findApiKeyById("Nope0000")).toBeUndefined();
    });
  });
}
