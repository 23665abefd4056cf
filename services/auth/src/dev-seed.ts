import type { Clock } from "@tarmac/kernel";
import type { Agent } from "./domain/agent.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { SCOPES } from "./domain/scopes.js";
import { DuplicateApiKeyError, type AuthStore } from "./store/auth-store.js";

export const DEMO_AGENT_ID = "agt_demo";
export const DEMO_AGENT_NAME = "Demo Travels";

/**
 * Seeds the development demo agent with one sandbox key holding every scope and returns that key.
 * `apiKey` (TARMAC_DEV_API_KEY) fixes the key; without it a new random key is made. Running it
 * again with the same key changes nothing.
 */
export async function seedDemoAgent(store: AuthStore, clock: Clock, apiKey?: string): Promise<string> {
  const key = apiKey ?? generateApiKey(true);
  const parsed = parseApiKey(key);
  if (!parsed?.sandbox) throw new Error("the demo agent's key must be a tk_test_ sandbox key");
  const now = clock.now();
  if (!(await store.findAgent(DEMO_AGENT_ID))) {
    const agent: Agent = { id: DEMO_AGENT_ID, name: DEMO_AGENT_NAME, status: "ACTIVE", tier: "STANDARD", createdAt: now };
    await store.saveAgent(agent);
  }
  const hash = hashApiKey(key);
  const existing = await store.findApiKeyById(parsed.keyId);
  if (existing) return assertSameKey(existing.hash, existing.agentId, hash, key);
  try {
    await store.saveApiKey({ keyId: parsed.keyId, agentId: DEMO_AGENT_ID, hash, scopes: SCOPES, createdAt: now });
  } catch (error) {
    // Another instance seeded the same key between our read and our write.
    if (!(error instanceof DuplicateApiKeyError)) throw error;
    const raced = await store.findApiKeyById(parsed.keyId);
    if (!raced) throw error;
    return assertSameKey(raced.hash, raced.agentId, hash, key);
  }
  return key;
}

function assertSameKey(storedHash: string, agentId: string, hash: string, key: string): string {
  if (storedHash !== hash || agentId !== DEMO_AGENT_ID) {
    throw new Error(`demo key id ${parseApiKey(key)?.keyId} is already taken by a different key (TARMAC_DEV_API_KEY)`);
  }
  return key;
}
