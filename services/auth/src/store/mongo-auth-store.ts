import { isMongoServerError, majorityTransaction } from "@tarmac/kernel";
import type { ClientSession, Collection, Db, Document, MongoServerError } from "mongodb";
import type { Agent, AgentTier } from "../domain/agent.js";
import type { BillingDetails } from "../domain/billing-details.js";
import type { AgentUser, Identifier } from "../domain/agent-user.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import type { OtpChallenge } from "../domain/otp.js";
import { OTP_RESEND_INTERVAL_SECONDS, OTP_SEND_WINDOW_SECONDS, OTP_SENDS_PER_HOUR, retryAfterMs } from "../domain/otp-send-limit.js";
import type { Session } from "../domain/session.js";
import {
  DuplicateApiKeyError,
  DuplicateIdentifierError,
  RETENTION,
  type AgentStatusChange,
  type AuthStore,
  type OtpAttempt,
  type OtpSendResult,
} from "./auth-store.js";
import {
  agentFromDocument,
  agentToDocument,
  apiKeyFromDocument,
  apiKeyToDocument,
  billingToDocument,
  challengeFromDocument,
  challengeToDocument,
  sessionFromDocument,
  sessionToDocument,
  userFromDocument,
  userToDocument,
  type AgentDocument,
  type ApiKeyDocument,
  type OtpChallengeDocument,
  type OtpSendWindowDocument,
  type SessionDocument,
  type UserDocument,
} from "./mongo-documents.js";

const DUPLICATE_KEY = 11000;

export const AUTH_COLLECTIONS = {
  agents: "agents",
  users: "agent_users",
  apiKeys: "api_keys",
  otpSendWindows: "otp_send_windows",
  otpChallenges: "otp_challenges",
  sessions: "auth_sessions",
} as const;

/** The two multi-document writes (creating an agent with its users, rotating a key) are transactions; their commit is bounded. */
const COMMIT_TIMEOUT_MS = 10_000;

/** A guarded update that found its document changed by a concurrent call runs again, this often at most. */
const MAX_RACE_ROUNDS = 3;

/**
 * MongoDB store for the auth service (needs a replica set: two operations are transactions).
 *
 * | collection | `_id` | indexes |
 * |---|---|---|
 * | `agents` | agent id | `parentAgentId_createdAt` (an agency's sub-agents) |
 * | `agent_users` | user id | `email_unique`, `phone_unique` (unique, partial: only documents that have the field), `agentId_createdAt` |
 * | `api_keys` | key id | `hash_unique`, `agent_keys` (listings) |
 * | `otp_send_windows` | identifier | `expiresAt_ttl` (dropped an hour after the last send, when it no longer limits anything) |
 * | `otp_challenges` | identifier (one pending code each) | `expiresAt_ttl` (kept an hour past expiry, so a late try answers EXPIRED) |
 * | `auth_sessions` | session id | `tokenHash_unique`, `expiresAt_ttl` (kept a day past expiry) |
 *
 * Every decision taken under concurrency is one atomic server-side operation: a try is counted
 * by `findOneAndUpdate` with `$inc` guarded by `attempts < max` and `expiresAt > now`; a code is
 * consumed by a `deleteOne` naming its challenge id (one caller wins); the send limit is one
 * update pipeline that prunes the window, decides and appends; revocation and suspension are
 * guarded `findOneAndUpdate`s. Reads compare dates with the service's clock, never the server's:
 * TTL indexes only reclaim space, well after the service stopped honouring a record.
 *
 * All collections use majority writes and majority reads on the primary: a code or session is
 * found as soon as the call that made it returned, and never one that a failover may roll back.
 */
export class MongoAuthStore implements AuthStore {
  private readonly agents: Collection<AgentDocument>;
  private readonly users: Collection<UserDocument>;
  private readonly keys: Collection<ApiKeyDocument>;
  private readonly sendWindows: Collection<OtpSendWindowDocument>;
  private readonly challenges: Collection<OtpChallengeDocument>;
  private readonly sessions: Collection<SessionDocument>;

  constructor(private readonly db: Db) {
    const options = {
      writeConcern: { w: "majority" as const },
      readConcern: { level: "majority" as const },
      readPreference: "primary" as const,
    };
    this.agents = db.collection<AgentDocument>(AUTH_COLLECTIONS.agents, options);
    this.users = db.collection<UserDocument>(AUTH_COLLECTIONS.users, options);
    this.keys = db.collection<ApiKeyDocument>(AUTH_COLLECTIONS.apiKeys, options);
    this.sendWindows = db.collection<OtpSendWindowDocument>(AUTH_COLLECTIONS.otpSendWindows, options);
    this.challenges = db.collection<OtpChallengeDocument>(AUTH_COLLECTIONS.otpChallenges, options);
    this.sessions = db.collection<SessionDocument>(AUTH_COLLECTIONS.sessions, options);
  }

  /** Opens the store on `db`, creating its collections and indexes first. */
  static async open(db: Db): Promise<MongoAuthStore> {
    const store = new MongoAuthStore(db);
    await store.ensureIndexes();
    return store;
  }

  /**
   * Creates the indexes (idempotent; safe from several instances at once). The collections
   * written inside transactions are created explicitly first. A TTL is changed with `collMod`,
   * not here: an index of the same name with other options makes this throw, on purpose.
   */
  async ensureIndexes(): Promise<void> {
    await this.ensureCollections([AUTH_COLLECTIONS.agents, AUTH_COLLECTIONS.users, AUTH_COLLECTIONS.apiKeys]);
    await this.agents.createIndexes([
      // Partial: top-level agencies (most agents) have no parent and stay out of it.
      {
        key: { parentAgentId: 1, createdAt: 1 },
        name: "parentAgentId_createdAt",
        partialFilterExpression: { parentAgentId: { $type: "string" } },
      },
    ]);
    await this.users.createIndexes([
      // One user per e-mail address and per phone number; users may have only one of the two.
      { key: { email: 1 }, name: "email_unique", unique: true, partialFilterExpression: { email: { $type: "string" } } },
      { key: { phone: 1 }, name: "phone_unique", unique: true, partialFilterExpression: { phone: { $type: "string" } } },
      { key: { agentId: 1, createdAt: 1 }, name: "agentId_createdAt" },
    ]);
    await this.keys.createIndexes([
      // _id is the key id; a second key with the same secret hash must never be stored either.
      { key: { hash: 1 }, name: "hash_unique", unique: true },
      { key: { agentId: 1, createdAt: -1 }, name: "agent_keys" },
    ]);
    await this.sendWindows.createIndexes([{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }]);
    await this.challenges.createIndexes([
      { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: RETENTION.otpChallengeAfterExpiryMs / 1000 },
    ]);
    await this.sessions.createIndexes([
      { key: { tokenHash: 1 }, name: "tokenHash_unique", unique: true },
      { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: RETENTION.sessionAfterExpiryMs / 1000 },
    ]);
  }

  // Agents

  async saveAgent(agent: Agent): Promise<void> {
    await this.agents.replaceOne({ _id: agent.id }, agentToDocument(agent), { upsert: true });
  }

  async findAgent(agentId: string): Promise<Agent | undefined> {
    const doc = await this.agents.findOne({ _id: agentId });
    return doc ? agentFromDocument(doc) : undefined;
  }

  async createAgent(agent: Agent, users: readonly AgentUser[]): Promise<void> {
    try {
      await this.transaction(async (session) => {
        await this.agents.insertOne(agentToDocument(agent), { session });
        // One insert per user (an agent has a handful): a duplicate names its index directly.
        for (const user of users) await this.users.insertOne(userToDocument(user), { session });
      });
    } catch (error) {
      throw duplicateIdentifier(error) ?? error;
    }
  }

  async updateAgentStatus(agentId: string, change: AgentStatusChange): Promise<Agent | undefined> {
    if (change.status === "ACTIVE") {
      const doc = await this.agents.findOneAndUpdate(
        { _id: agentId },
        { $set: { status: "ACTIVE" }, $unset: { suspendedAt: "", suspensionReason: "" } },
        { returnDocument: "after" },
      );
      return doc ? agentFromDocument(doc) : undefined;
    }
    // Only an active agent is suspended: a second suspension keeps the first one's time and reason.
    const suspended = await this.agents.findOneAndUpdate(
      { _id: agentId, status: { $ne: "SUSPENDED" } },
      { $set: { status: "SUSPENDED", suspendedAt: change.at, suspensionReason: change.reason } },
      { returnDocument: "after" },
    );
    return suspended ? agentFromDocument(suspended) : this.findAgent(agentId);
  }

  async setAgentTier(agentId: string, tier: AgentTier): Promise<Agent | undefined> {
    const doc = await this.agents.findOneAndUpdate({ _id: agentId }, { $set: { tier } }, { returnDocument: "after" });
    return doc ? agentFromDocument(doc) : undefined;
  }

  async setAgentBilling(agentId: string, billing: BillingDetails): Promise<Agent | undefined> {
    const doc = await this.agents.findOneAndUpdate(
      { _id: agentId },
      { $set: { billing: billingToDocument(billing) } },
      { returnDocument: "after" },
    );
    return doc ? agentFromDocument(doc) : undefined;
  }

  async renameAgent(agentId: string, name: string): Promise<Agent | undefined> {
    const doc = await this.agents.findOneAndUpdate({ _id: agentId }, { $set: { name } }, { returnDocument: "after" });
    return doc ? agentFromDocument(doc) : undefined;
  }

  async listSubAgents(parentAgentId: string): Promise<Agent[]> {
    // The $type predicate repeats the partial index's filter, so the planner can use it.
    const docs = await this.agents
      .find({ parentAgentId: { $eq: parentAgentId, $type: "string" } })
      .sort({ parentAgentId: 1, createdAt: 1, _id: 1 })
      .toArray();
    return docs.map(agentFromDocument);
  }

  // Users

  async saveUser(user: AgentUser): Promise<void> {
    try {
      await this.users.replaceOne({ _id: user.userId }, userToDocument(user), { upsert: true });
    } catch (error) {
      throw duplicateIdentifier(error) ?? error;
    }
  }

  async findUserById(userId: string): Promise<AgentUser | undefined> {
    const doc = await this.users.findOne({ _id: userId });
    return doc ? userFromDocument(doc) : undefined;
  }

  async findUserByIdentifier(identifier: Identifier): Promise<AgentUser | undefined> {
    // The $type predicate repeats the partial unique index's filter: without it the planner cannot
    // use the index and this (unauthenticated, OTP send) lookup scans every user.
    const value = { $eq: identifier.value, $type: "string" as const };
    const filter = identifier.channel === "EMAIL" ? { email: value } : { phone: value };
    const doc = await this.users.findOne(filter);
    return doc ? userFromDocument(doc) : undefined;
  }

  async listUsers(agentId: string): Promise<AgentUser[]> {
    const docs = await this.users.find({ agentId }).sort({ agentId: 1, createdAt: 1 }).toArray();
    return docs.map(userFromDocument);
  }

  // API keys

  async saveApiKey(record: ApiKeyRecord): Promise<void> {
    try {
      await this.keys.insertOne(apiKeyToDocument(record));
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateApiKeyError(record.keyId);
      throw error;
    }
  }

  async findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined> {
    const doc = await this.keys.findOne({ _id: keyId });
    return doc ? apiKeyFromDocument(doc) : undefined;
  }

  async listApiKeys(agentId: string): Promise<ApiKeyRecord[]> {
    const docs = await this.keys.find({ agentId }).sort({ agentId: 1, createdAt: -1 }).hint("agent_keys").toArray();
    return docs.map(apiKeyFromDocument);
  }

  async touchApiKey(keyId: string, at: Date): Promise<void> {
    // $max keeps the latest time when concurrent calls race. w:1 would do for bookkeeping this
    // coarse, but one write concern for the collection keeps reads after writes simple.
    await this.keys.updateOne({ _id: keyId }, { $max: { lastUsedAt: at } });
  }

  async rotateApiKey(keyId: string, successor: ApiKeyRecord, revokedAt: Date, now: Date): Promise<ApiKeyRecord | undefined> {
    try {
      return await this.transaction(async (session) => {
        // The guard is the rule of rotationRefusal: live at `now` and never rotated.
        const old = await this.keys.findOneAndUpdate(
          {
            _id: keyId,
            replacedByKeyId: { $exists: false },
            $and: [
              { $or: [{ revokedAt: { $exists: false } }, { revokedAt: { $gt: now } }] },
              { $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: now } }] },
            ],
          },
          { $set: { revokedAt, replacedByKeyId: successor.keyId } },
          { returnDocument: "after", session },
        );
        if (!old) return undefined;
        await this.keys.insertOne(apiKeyToDocument(successor), { session });
        return apiKeyFromDocument(old);
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateApiKeyError(successor.keyId);
      throw error;
    }
  }

  async revokeApiKey(keyId: string, at: Date): Promise<ApiKeyRecord | undefined> {
    const revoked = await this.keys.findOneAndUpdate(
      { _id: keyId, $or: [{ revokedAt: { $exists: false } }, { revokedAt: { $gt: at } }] },
      { $set: { revokedAt: at } },
      { returnDocument: "after" },
    );
    // No match: unknown, or already revoked at or before `at` (then it stays as it is).
    return revoked ? apiKeyFromDocument(revoked) : this.findApiKeyById(keyId);
  }

  // One-time codes

  async recordOtpSend(identifier: string, now: Date): Promise<OtpSendResult> {
    const t = now.getTime();
    const windowStart = new Date(t - OTP_SEND_WINDOW_SECONDS * 1000);
    const resendCutoff = new Date(t - OTP_RESEND_INTERVAL_SECONDS * 1000);
    // decideOtpSend as one atomic update: drop sends older than the window, accept when fewer
    // than the hourly number remain and the newest is older than the resend interval, and
    // append `now` only when accepted. Upserted for an identifier never seen.
    const pipeline: Document[] = [
      { $set: { sends: { $filter: { input: { $ifNull: ["$sends", []] }, as: "s", cond: { $gt: ["$$s", windowStart] } } } } },
      {
        $set: {
          accepted: {
            $and: [
              { $lt: [{ $size: "$sends" }, OTP_SENDS_PER_HOUR] },
              // $max of an empty array is null, and null sorts below every date.
              { $not: [{ $gt: [{ $max: "$sends" }, resendCutoff] }] },
            ],
          },
        },
      },
      {
        $set: {
          sends: { $cond: ["$accepted", { $concatArrays: ["$sends", [now]] }, "$sends"] },
          expiresAt: new Date(t + OTP_SEND_WINDOW_SECONDS * 1000),
        },
      },
    ];
    const doc = await this.retryDuplicateUpsert(() =>
      this.sendWindows.findOneAndUpdate({ _id: identifier }, pipeline, { upsert: true, returnDocument: "after" }),
    );
    if (!doc) throw new Error("the OTP send window upsert returned no document");
    if (doc.accepted) return { accepted: true, retryAfterMs: 0 };
    return { accepted: false, retryAfterMs: retryAfterMs(sortedDates(doc.sends), t) };
  }

  async otpSendRetryAfterMs(identifier: string, now: Date): Promise<number> {
    const doc = await this.sendWindows.findOne({ _id: identifier });
    const windowStart = now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000;
    const sends = sortedDates(doc?.sends ?? []).filter((s) => s.getTime() > windowStart);
    return retryAfterMs(sends, now.getTime());
  }

  async saveOtpChallenge(challenge: OtpChallenge): Promise<void> {
    // The identifier is the _id: a new code replaces the old one, tries and all.
    await this.retryDuplicateUpsert(() =>
      this.challenges.replaceOne({ _id: challenge.identifier }, challengeToDocument(challenge), { upsert: true }),
    );
  }

  async attemptOtp(identifier: string, now: Date, maxAttempts: number): Promise<OtpAttempt> {
    for (let round = 1; round <= MAX_RACE_ROUNDS; round++) {
      // Count the try only while the code is live and unlocked: concurrent tries can never
      // take the count past maxAttempts.
      const counted = await this.challenges.findOneAndUpdate(
        { _id: identifier, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
        { $inc: { attempts: 1 } },
        { returnDocument: "after" },
      );
      if (counted) return { outcome: "counted", challenge: challengeFromDocument(counted) };
      const current = await this.challenges.findOne({ _id: identifier });
      if (!current) return { outcome: "missing" };
      if (current.expiresAt.getTime() <= now.getTime()) return { outcome: "expired" };
      if (current.attempts >= maxAttempts) return { outcome: "locked" };
      // A new code replaced the one the update saw: count the try against the new one.
    }
    return { outcome: "locked" };
  }

  async consumeOtpChallenge(identifier: string, challengeId: string): Promise<boolean> {
    const deleted = await this.challenges.deleteOne({ _id: identifier, challengeId });
    return deleted.deletedCount === 1;
  }

  // Sessions

  async saveSession(session: Session): Promise<void> {
    await this.sessions.insertOne(sessionToDocument(session));
  }

  async findSession(tokenHash: string): Promise<Session | undefined> {
    const doc = await this.sessions.findOne({ tokenHash });
    return doc ? sessionFromDocument(doc) : undefined;
  }

  async revokeSession(tokenHash: string, at: Date): Promise<boolean> {
    const updated = await this.sessions.updateOne({ tokenHash, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
    return updated.modifiedCount === 1;
  }

  private async transaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    return this.db.client.withSession((session) => session.withTransaction(work, majorityTransaction(COMMIT_TIMEOUT_MS)));
  }

  /**
   * Two first upserts of one `_id` can race; the server retries most such cases itself, and the
   * rare E11000 that still escapes is retried once here, when the document then exists.
   */
  private async retryDuplicateUpsert<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return run();
    }
  }

  private async ensureCollections(names: readonly string[]): Promise<void> {
    const existing = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const name of names) {
      if (existing.has(name)) continue;
      try {
        await this.db.createCollection(name);
      } catch (error) {
        // Another instance created it first (NamespaceExists).
        if (!(isMongoServerError(error) && error.code === 48)) throw error;
      }
    }
  }
}

function isDuplicateKey(error: unknown): error is MongoServerError {
  return isMongoServerError(error) && error.code === DUPLICATE_KEY;
}

/** The e-mail or phone duplicate behind an E11000 on `agent_users`, else undefined. */
function duplicateIdentifier(error: unknown): DuplicateIdentifierError | undefined {
  if (!isDuplicateKey(error)) return undefined;
  const pattern: unknown = error.keyPattern;
  const fields = pattern && typeof pattern === "object" ? Object.keys(pattern) : [];
  // keyPattern is there on every supported server; the index name in the message is the fallback.
  if (fields.includes("email") || error.message.includes("index: email_unique")) return new DuplicateIdentifierError("email");
  if (fields.includes("phone") || error.message.includes("index: phone_unique")) return new DuplicateIdentifierError("phone");
  return undefined;
}

function sortedDates(dates: readonly Date[]): Date[] {
  return [...dates].sort((a, b) => a.getTime() - b.getTime());
}
