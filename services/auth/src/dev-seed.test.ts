import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { DEMO_AGENT_ID, seedDemoAgent } from "./dev-seed.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { SCOPES } from "./domain/scopes.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";

const clock = new ManualClock();

describe("seedDemoAgent", () => {
  it("creates the active standard demo agent with a sandbox key holding every scope", async () => {
    const store = new MemoryAuthStore();
    const apiKey = await seedDemoAgent(store, clock);
    expect(parseApiKey(apiKey)?.sandbox).toBe(true);
    expect(await store.findAgent(DEMO_AGENT_ID)).toMatchObject({ name: "Demo Travels", status: "ACTIVE", tier: "STANDARD" });
    const record = await store.findApiKeyById(parseApiKey(apiKey)!.keyId);
    expect(record).toMatchObject({ agentId: DEMO_AGENT_ID, hash: hashApiKey(apiKey), scopes: SCOPES });
  });

  it("makes a different random key on each start without a fixed one", async () => {
    const store = new MemoryAuthStore();
    expect(await seedDemoAgent(store, clock)).not.toBe(await seedDemoAgent(store, clock));
  });

  it("is idempotent for a fixed key and keeps the agent as it was", async () => {
    const store = new MemoryAuthStore();
    const apiKey = generateApiKey(true);
    await seedDemoAgent(store, clock, apiKey);
    const agent = await store.findAgent(DEMO_AGENT_ID);
    await store.saveAgent({ ...agent!, status: "SUSPENDED" });
    expect(await seedDemoAgent(store, clock, apiKey)).toBe(apiKey);
    expect((await store.findAgent(DEMO_AGENT_ID))?.status).toBe("SUSPENDED");
  });

  it("refuses a live key and a key id taken by a different key", async () => {
    const store = new MemoryAuthStore();
    await expect(seedDemoAgent(store, clock, generateApiKey(false))).rejects.toThrow(/sandbox/);
    const apiKey = generateApiKey(true);
    await seedDemoAgent(store, clock, apiKey);
    const sameId = `${apiKey.slice(0, -1)}${apiKey.endsWith("a") ? "b" : "a"}`;
    await expect(seedDemoAgent(store, clock, sameId)).rejects.toThrow(/already taken/);
  });
});
