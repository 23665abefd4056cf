import type { Agent } from "../domain/agent.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";

/** Raised when a key id or key hash is already stored: issuing never overwrites another key. */
export class DuplicateApiKeyError extends Error {
  override readonly name = "DuplicateApiKeyError";

  constructor(readonly keyId: string) {
    super(`API key ${keyId} already exists`);
  }
}

/** Agents and their API keys. */
export interface AuthStore {
  /** Creates or replaces the agent with this id. */
  saveAgent(agent: Agent): Promise<void>;
  findAgent(agentId: string): Promise<Agent | undefined>;
  /** Stores a newly issued key; throws DuplicateApiKeyError if its key id or hash exists. */
  saveApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Records that the key was used at `at`; never moves lastUsedAt backwards. */
  touchApiKey(keyId: string, at: Date): Promise<void>;
}
