import { deepCopy } from "@tarmac/kernel";
import type { Agent, AgentTier } from "../domain/agent.js";
import type { BillingDetails } from "../domain/billing-details.js";
import type { AgentUser, Identifier } from "../domain/agent-user.js";
import { isKeyLive, type ApiKeyRecord } from "../domain/api-key-record.js";
import { revokedAtFor } from "../domain/key-lifecycle.js";
import type { OtpChallenge } from "../domain/otp.js";
import { decideOtpSend, OTP_SEND_WINDOW_SECONDS, retryAfterMs } from "../domain/otp-send-limit.js";
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

/** Expired codes, sessions and send windows are dropped at most this often, on writes. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * In-process store for development and tests; records are copied in and out like a database
 * would. Every method runs without awaiting in between, so each is atomic on Node's one thread.
 * What expires is pruned on later writes (as MongoDB's TTL monitor would), keeping memory bounded
 * even when many identifiers ask for codes.
 */
export class MemoryAuthStore implements AuthStore {
  private readonly agents = new Map<string, Agent>();
  private readonly users = new Map<string, AgentUser>();
  private readonly userIdByEmail = new Map<string, string>();
  private readonly userIdByPhone = new Map<string, string>();
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly keyIdByHash = new Map<string, string>();
  private readonly otpSends = new Map<string, Date[]>();
  private readonly challenges = new Map<string, OtpChallenge>();
  private readonly sessions = new Map<string, Session>();
  private lastPrunedAt = Number.NEGATIVE_INFINITY;

  async saveAgent(agent: Agent): Promise<void> {
    this.agents.set(agent.id, deepCopy(agent));
  }

  async findAgent(agentId: string): Promise<Agent | undefined> {
    return copy(this.agents.get(agentId));
  }

  async createAgent(agent: Agent, users: readonly AgentUser[]): Promise<void> {
    if (this.agents.has(agent.id)) throw new Error(`agent ${agent.id} already exists`);
    const emails = new Set<string>();
    const phones = new Set<string>();
    for (const user of users) {
      if (user.email !== undefined && (this.userIdByEmail.has(user.email) || emails.has(user.email)))
        throw new DuplicateIdentifierError("email");
      if (user.phone !== undefined && (this.userIdByPhone.has(user.phone) || phones.has(user.phone)))
        throw new DuplicateIdentifierError("phone");
      if (user.email !== undefined) emails.add(user.email);
      if (user.phone !== undefined) phones.add(user.phone);
    }
    this.agents.set(agent.id, deepCopy(agent));
    for (const user of users) this.putUser(user);
  }

  async updateAgentStatus(agentId: string, change: AgentStatusChange): Promise<Agent | undefined> {
    const agent = this.agents.get(agentId);
    if (!agent) return undefined;
    let updated: Agent;
    if (change.status === "ACTIVE") {
      const { suspendedAt: _at, suspensionReason: _reason, ...rest } = agent;
      updated = { ...rest, status: "ACTIVE" };
    } else if (agent.status === "SUSPENDED") {
      updated = agent;
    } else {
      updated = { ...agent, status: "SUSPENDED", suspendedAt: new Date(change.at), suspensionReason: change.reason };
    }
    this.agents.set(agentId, updated);
    return deepCopy(updated);
  }

  async setAgentTier(agentId: string, tier: AgentTier): Promise<Agent | undefined> {
    const agent = this.agents.get(agentId);
    if (!agent) return undefined;
    const updated: Agent = { ...agent, tier };
    this.agents.set(agentId, updated);
    return deepCopy(updated);
  }

  async setAgentBilling(agentId: string, billing: BillingDetails): Promise<Agent | undefined> {
    const agent = this.agents.get(agentId);
    if (!agent) return undefined;
    const updated: Agent = { ...agent, billing: deepCopy(billing) };
    this.agents.set(agentId, updated);
    return deepCopy(updated);
  }

  async renameAgent(agentId: string, name: string): Promise<Agent | undefined> {
    const agent = this.agents.get(agentId);
    if (!agent) return undefined;
    const updated: Agent = { ...agent, name };
    this.agents.set(agentId, updated);
    return deepCopy(updated);
  }

  async listSubAgents(parentAgentId: string): Promise<Agent[]> {
    return [...this.agents.values()]
      .filter((a) => a.parentAgentId === parentAgentId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((a) => deepCopy(a));
  }

  async saveUser(user: AgentUser): Promise<void> {
    const emailOwner = user.email === undefined ? undefined : this.userIdByEmail.get(user.email);
    if (emailOwner !== undefined && emailOwner !== user.userId) throw new DuplicateIdentifierError("email");
    const phoneOwner = user.phone === undefined ? undefined : this.userIdByPhone.get(user.phone);
    if (phoneOwner !== undefined && phoneOwner !== user.userId) throw new DuplicateIdentifierError("phone");
    const previous = this.users.get(user.userId);
    if (previous?.email !== undefined) this.userIdByEmail.delete(previous.email);
    if (previous?.phone !== undefined) this.userIdByPhone.delete(previous.phone);
    this.putUser(user);
  }

  async findUserById(userId: string): Promise<AgentUser | undefined> {
    return copy(this.users.get(userId));
  }

  async findUserByIdentifier(identifier: Identifier): Promise<AgentUser | undefined> {
    const index = identifier.channel === "EMAIL" ? this.userIdByEmail : this.userIdByPhone;
    const userId = index.get(identifier.value);
    return userId === undefined ? undefined : copy(this.users.get(userId));
  }

  async listUsers(agentId: string): Promise<AgentUser[]> {
    return [...this.users.values()]
      .filter((u) => u.agentId === agentId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.userId.localeCompare(b.userId))
      .map((u) => deepCopy(u));
  }

  async saveApiKey(record: ApiKeyRecord): Promise<void> {
    this.insertKey(record);
  }

  async findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined> {
    return copy(this.keys.get(keyId));
  }

  async listApiKeys(agentId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()]
      .filter((k) => k.agentId === agentId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.keyId.localeCompare(a.keyId))
      .map((k) => deepCopy(k));
  }

  async touchApiKey(keyId: string, at: Date): Promise<void> {
    const record = this.keys.get(keyId);
    if (!record || (record.lastUsedAt && record.lastUsedAt >= at)) return;
    this.keys.set(keyId, { ...record, lastUsedAt: new Date(at) });
  }

  async rotateApiKey(keyId: string, successor: ApiKeyRecord, revokedAt: Date, now: Date): Promise<ApiKeyRecord | undefined> {
    const record = this.keys.get(keyId);
    if (!record || !isKeyLive(record, now) || record.replacedByKeyId !== undefined) return undefined;
    // No await between the check and the writes: nothing can interleave.
    this.insertKey(successor);
    const updated: ApiKeyRecord = { ...record, revokedAt: new Date(revokedAt), replacedByKeyId: successor.keyId };
    this.keys.set(keyId, updated);
    return deepCopy(updated);
  }

  async revokeApiKey(keyId: string, at: Date): Promise<ApiKeyRecord | undefined> {
    const record = this.keys.get(keyId);
    if (!record) return undefined;
    const revokedAt = revokedAtFor(record, at);
    if (revokedAt === record.revokedAt) return deepCopy(record);
    const updated: ApiKeyRecord = { ...record, revokedAt: new Date(revokedAt) };
    this.keys.set(keyId, updated);
    return deepCopy(updated);
  }

  async recordOtpSend(identifier: string, now: Date): Promise<OtpSendResult> {
    this.prune(now);
    const decision = decideOtpSend(this.otpSends.get(identifier) ?? [], now);
    this.otpSends.set(
      identifier,
      decision.sends.map((d) => new Date(d)),
    );
    return { accepted: decision.accepted, retryAfterMs: decision.retryAfterMs };
  }

  async otpSendRetryAfterMs(identifier: string, now: Date): Promise<number> {
    const windowStart = now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000;
    const sends = (this.otpSends.get(identifier) ?? []).filter((s) => s.getTime() > windowStart);
    return retryAfterMs(sends, now.getTime());
  }

  async saveOtpChallenge(challenge: OtpChallenge): Promise<void> {
    this.prune(challenge.createdAt);
    this.challenges.set(challenge.identifier, deepCopy(challenge));
  }

  async attemptOtp(identifier: string, now: Date, maxAttempts: number): Promise<OtpAttempt> {
    const challenge = this.challenges.get(identifier);
    if (!challenge) return { outcome: "missing" };
    if (challenge.expiresAt.getTime() <= now.getTime()) return { outcome: "expired" };
    if (challenge.attempts >= maxAttempts) return { outcome: "locked" };
    const counted = { ...challenge, attempts: challenge.attempts + 1 };
    this.challenges.set(identifier, counted);
    return { outcome: "counted", challenge: deepCopy(counted) };
  }

  async consumeOtpChallenge(identifier: string, challengeId: string): Promise<boolean> {
    if (this.challenges.get(identifier)?.challengeId !== challengeId) return false;
    return this.challenges.delete(identifier);
  }

  async saveSession(session: Session): Promise<void> {
    this.prune(session.createdAt);
    if (this.sessions.has(session.tokenHash)) throw new Error(`session token hash already exists`);
    this.sessions.set(session.tokenHash, deepCopy(session));
  }

  async findSession(tokenHash: string): Promise<Session | undefined> {
    return copy(this.sessions.get(tokenHash));
  }

  async revokeSession(tokenHash: string, at: Date): Promise<boolean> {
    const session = this.sessions.get(tokenHash);
    if (!session || session.revokedAt) return false;
    this.sessions.set(tokenHash, { ...session, revokedAt: new Date(at) });
    return true;
  }

  private insertKey(record: ApiKeyRecord): void {
    if (this.keys.has(record.keyId) || this.keyIdByHash.has(record.hash)) {
      throw new DuplicateApiKeyError(record.keyId);
    }
    this.keys.set(record.keyId, deepCopy(record));
    this.keyIdByHash.set(record.hash, record.keyId);
  }

  private putUser(user: AgentUser): void {
    this.users.set(user.userId, deepCopy(user));
    if (user.email !== undefined) this.userIdByEmail.set(user.email, user.userId);
    if (user.phone !== undefined) this.userIdByPhone.set(user.phone, user.userId);
  }

  /** Drops what MongoDB's TTL indexes would have dropped by `now`. */
  private prune(now: Date): void {
    const t = now.getTime();
    if (t - this.lastPrunedAt < PRUNE_INTERVAL_MS) return;
    this.lastPrunedAt = t;
    const windowStart = t - OTP_SEND_WINDOW_SECONDS * 1000;
    for (const [identifier, sends] of this.otpSends) {
      if (sends.every((s) => s.getTime() <= windowStart)) this.otpSends.delete(identifier);
    }
    for (const [identifier, challenge] of this.challenges) {
      if (challenge.expiresAt.getTime() + RETENTION.otpChallengeAfterExpiryMs <= t) this.challenges.delete(identifier);
    }
    for (const [hash, session] of this.sessions) {
      if (session.expiresAt.getTime() + RETENTION.sessionAfterExpiryMs <= t) this.sessions.delete(hash);
    }
  }
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : deepCopy(value);
}
