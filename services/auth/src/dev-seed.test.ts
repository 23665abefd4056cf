import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { DEMO_AGENT_ID, DEMO_SUB_AGENTS, DEMO_USER_ID, seedDemoAgent, seedDemoUser } from "./dev-seed.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { SCOPES } from "./domain/scopes.js";
import { MemoryAuthStore } from "./store/memory-auth-store.js";

const clock = new ManualClock();

describe("seedDemoAgent", () => {
  it("creates the active enterprise demo agent with a sandbox key holding every scope, webhooks.manage included", async () => {
    const store = new MemoryAuthStore();
    const apiKey = await seedDemoAgent(store, clock);
    expect(parseApiKey(apiKey)?.sandbox).toBe(true);
    expect(await store.findAgent(DEMO_AGENT_ID)).toMatchObject({ name: "Demo Travels", status: "ACTIVE", tier: "ENTERPRISE" });
    const record = await store.findApiKeyById(parseApiKey(apiKey)!.keyId);
    expect(record).toMatchObject({ agentId: DEMO_AGENT_ID, hash: hashApiKey(apiKey), scopes: SCOPES, sandbox: true });
    expect(record?.scopes).toContain("webhooks.manage");
  });

  it("seeds the demo agency's two sub-agents once, and keeps them as they are on a restart", async () => {
    const store = new MemoryAuthStore();
    await seedDemoAgent(store, clock);
    expect((await store.listSubAgents(DEMO_AGENT_ID)).map((a) => a.id).sort()).toEqual(DEMO_SUB_AGENTS.map((a) => a.id).sort());
    await store.updateAgentStatus("agt_demo_pune", { status: "SUSPENDED", at: clock.now(), reason: "test" });
    await seedDemoAgent(store, clock);
    expect((await store.findAgent("agt_demo_pune"))?.status).toBe("SUSPENDED");
    expect(await store.listSubAgents(DEMO_AGENT_ID)).toHaveLength(2);
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
    await store.saveAgent({ ...agent!, status: "SUSPENDED", tier: "STANDARD" });
    expect(await seedDemoAgent(store, clock, apiKey)).toBe(apiKey);
    expect(await store.findAgent(DEMO_AGENT_ID)).toMatchObject({ status: "SUSPENDED", tier: "STANDARD" });
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

describe("seedDemoUser", () => {
  const contact = { email: "demo@tarmac.test", phone: "+919800000001" };

  it("creates the demo agent's user, findable by e-mail and phone, and changes nothing when run again", async () => {
    const store = new MemoryAuthStore();
    await seedDemoAgent(store, clock);
    expect(await seedDemoUser(store, clock, contact)).toEqual({ userId: DEMO_USER_ID, agentId: DEMO_AGENT_ID, ...contact });
    const user = await store.findUserByIdentifier({ channel: "SMS", value: contact.phone });
    expect(user).toMatchObject({ userId: DEMO_USER_ID, agentId: DEMO_AGENT_ID, email: contact.email });
    await seedDemoUser(store, clock, contact);
    expect(await store.listUsers(DEMO_AGENT_ID)).toHaveLength(1);
  });

  it("moves the demo user to a new contact, freeing the old one", async () => {
    const store = new MemoryAuthStore();
    await seedDemoUser(store, clock, contact);
    await seedDemoUser(store, clock, { email: "other@tarmac.test", phone: contact.phone });
    expect(await store.findUserByIdentifier({ channel: "EMAIL", value: contact.email })).toBeUndefined();
    expect((await store.findUserById(DEMO_USER_ID))?.email).toBe("other@tarmac.test");
  });

  it("names the variable when the contact belongs to another user", async () => {
    const store = new MemoryAuthStore();
    await store.saveUser({ userId: "usr_other", agentId: "agt_other", email: contact.email, createdAt: clock.now() });
    await expect(seedDemoUser(store, clock, contact)).rejects.toThrow(/TARMAC_DEV_USER_EMAIL/);
  });
});
