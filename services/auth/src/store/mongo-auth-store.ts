import { MongoServerError, type Collection, type Db } from "mongodb";
import type { Agent } from "../domain/agent.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import { DuplicateApiKeyError, type AuthStore } from "./auth-store.js";
import { agentFromDocument, agentToDocument, apiKeyFromDocument, apiKeyToDocument } from "./mongo-documents.js";
import type { AgentDocument, ApiKeyDocument } from "./mongo-documents.js";

const DUPLICATE_KEY = 11000;

/**
 * Collections `agents` and `api_keys`, keyed by agent id and key id (`_id`). Keys get no TTL
 * index: an expired or revoked key stays on record for listings and audits, and verification
 * rejects it by its dates.
 */
export class MongoAuthStore implements AuthStore {
  private readonly agents: Collection<AgentDocument>;
  private readonly keys: Collection<ApiKeyDocument>;

  constructor(db: Db) {
    // Majority writes survive a primary failover; majority reads never see a key that may roll back.
    const options = { writeConcern: { w: "majority" as const }, readConcern: { level: "majority" as const } };
    this.agents = db.collection<AgentDocument>("agents", options);
    this.keys = db.collection<ApiKeyDocument>("api_keys", options);
  }

  /** Opens the store on `db`, creating its indexes first. */
  static async open(db: Db): Promise<MongoAuthStore> {
    const store = new MongoAuthStore(db);
    await store.ensureIndexes();
    return store;
  }

  async ensureIndexes(): Promise<void> {
    await this.keys.createIndexes([
      // _id is the key id; a second key with the same secret hash must never be stored either.
      { key: { hash: 1 }, name: "hash_unique", unique: true },
      { key: { agentId: 1, createdAt: -1 }, name: "agent_keys" },
    ]);
  }

  async saveAgent(agent: Agent): Promise<void> {
    await this.agents.replaceOne({ _id: agent.id }, agentToDocument(agent), { upsert: true });
  }

  async findAgent(agentId: string): Promise<Agent | undefined> {
    const doc = await this.agents.findOne({ _id: agentId });
    return doc ? agentFromDocument(doc) : undefined;
  }

  async saveApiKey(record: ApiKeyRecord): Promise<void> {
    try {
      await this.keys.insertOne(apiKeyToDocument(record));
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        throw new DuplicateApiKeyError(record.keyId);
      }
      throw error;
    }
  }

  async findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined> {
    const doc = await this.keys.findOne({ _id: keyId });
    return doc ? apiKeyFromDocument(doc) : undefined;
  }

  async touchApiKey(keyId: string, at: Date): Promise<void> {
    // $max keeps the latest time when concurrent calls race.
    await this.keys.updateOne({ _id: keyId }, { $max: { lastUsedAt: at } });
  }
}
