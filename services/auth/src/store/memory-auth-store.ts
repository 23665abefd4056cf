import type { Agent } from "../domain/agent.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import { DuplicateApiKeyError, type AuthStore } from "./auth-store.js";

/** In-process store for development and tests; records are copied in and out like a database would. */
export class MemoryAuthStore implements AuthStore {
  private readonly agents = new Map<string, Agent>();
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly keyIdByHash = new Map<string, string>();

  async saveAgent(agent: Agent): Promise<void> {
    this.agents.set(agent.id, structuredClone(agent));
  }

  async findAgent(agentId: string): Promise<Agent | undefined> {
    const agent = this.agents.get(agentId);
    return agent && structuredClone(agent);
  }

  async saveApiKey(record: ApiKeyRecord): Promise<void> {
    if (this.keys.has(record.keyId) || this.keyIdByHash.has(record.hash)) {
      throw new DuplicateApiKeyError(record.keyId);
    }
    this.keys.set(record.keyId, structuredClone(record));
    this.keyIdByHash.set(record.hash, record.keyId);
  }

  async findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined> {
    const record = this.keys.get(keyId);
    return record && structuredClone(record);
  }

  async touchApiKey(keyId: string, at: Date): Promise<void> {
    const record = this.keys.get(keyId);
    if (!record || (record.lastUsedAt && record.lastUsedAt >= at)) return;
    this.keys.set(keyId, { ...record, lastUsedAt: new Date(at) });
  }
}
