import type { Clock } from "@tarmac/kernel";
import type { Agent, AgentTier } from "./domain/agent.js";
import type { AgentUser } from "./domain/agent-user.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { SCOPES } from "./domain/scopes.js";
import { DuplicateApiKeyError, DuplicateIdentifierError, type AuthStore } from "./store/auth-store.js";

export const DEMO_AGENT_ID = "agt_demo";
export const DEMO_AGENT_NAME = "Demo Travels";
export const DEMO_USER_ID = "usr_demo";
/** Enterprise, so the README's webhook examples work with the demo key in development. */
const DEMO_AGENT_TIER: AgentTier = "ENTERPRISE";

/**
 * The demo agency's two sub-agents (API guide, Sub-agents; the sandbox's markup rules and wallet
 * seed name them). Seeded without users or keys: the demo key issues theirs (/agency/api-keys/issue).
 */
export const DEMO_SUB_AGENTS = [
  { id: "agt_demo_pune", name: "Demo Travels Pune" },
  { id: "agt_demo_nashik", name: "Demo Travels Nashik" },
] as const;

/** The demo agent's user, who signs in with a one-time code (the codes land in the development outbox). */
export interface DemoUser {
  readonly userId: string;
  readonly agentId: string;
  readonly email: string;
  readonly phone: string;
}

/**
 * Seeds the development demo agent (enterprise tier) with one sandbox key holding every scope
 * (webhooks.manage and agency.manage included: the demo shows all of it) and returns that key. `apiKey`
 * (TARMAC_DEV_API_KEY) fixes the key; without it a new random key is made. Running it again with
 * the same key changes nothing; an existing demo agent keeps its tier and status (a development
 * database seeded before the demo agent was enterprise: `pnpm admin agents set-tier agt_demo enterprise`).
 */
export async function seedDemoAgent(store: AuthStore, clock: Clock, apiKey?: string): Promise<string> {
  const key = apiKey ?? generateApiKey(true);
  const parsed = parseApiKey(key);
  if (!parsed?.sandbox) throw new Error("the demo agent's key must be a tk_test_ sandbox key");
  const now = clock.now();
  if (!(await store.findAgent(DEMO_AGENT_ID))) {
    const agent: Agent = { id: DEMO_AGENT_ID, name: DEMO_AGENT_NAME, status: "ACTIVE", tier: DEMO_AGENT_TIER, createdAt: now };
    await store.saveAgent(agent);
  }
  for (const sub of DEMO_SUB_AGENTS) {
    if (await store.findAgent(sub.id)) continue;
    await store.saveAgent({ ...sub, status: "ACTIVE", tier: DEMO_AGENT_TIER, createdAt: now, parentAgentId: DEMO_AGENT_ID });
  }
  const hash = hashApiKey(key);
  const existing = await store.findApiKeyById(parsed.keyId);
  if (existing) return assertSameKey(existing.hash, existing.agentId, hash, key);
  try {
    await store.saveApiKey({
      keyId: parsed.keyId,
      agentId: DEMO_AGENT_ID,
      hash,
      scopes: SCOPES,
      sandbox: true,
      createdAt: now,
    });
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

/**
 * Seeds (or updates) the demo agent's user with the configured e-mail and phone
 * (TARMAC_DEV_USER_EMAIL / TARMAC_DEV_USER_PHONE, already normalized). Run it after
 * seedDemoAgent. Running it again with the same contact changes nothing; with another contact,
 * the user is updated in place.
 */
export async function seedDemoUser(store: AuthStore, clock: Clock, contact: { email: string; phone: string }): Promise<DemoUser> {
  const demo: DemoUser = { userId: DEMO_USER_ID, agentId: DEMO_AGENT_ID, email: contact.email, phone: contact.phone };
  const existing = await store.findUserById(DEMO_USER_ID);
  if (existing?.agentId === DEMO_AGENT_ID && existing.email === contact.email && existing.phone === contact.phone) return demo;
  const user: AgentUser = { ...demo, createdAt: existing?.createdAt ?? clock.now() };
  try {
    await store.saveUser(user);
  } catch (error) {
    if (!(error instanceof DuplicateIdentifierError)) throw error;
    const variable = error.field === "email" ? "TARMAC_DEV_USER_EMAIL" : "TARMAC_DEV_USER_PHONE";
    throw new Error(`the demo user's ${error.field} (${variable}) already belongs to another user`, { cause: error });
  }
  return demo;
}
