import type { Agent, AgentTier } from "../domain/agent.js";
import type { BillingDetails } from "../domain/billing-details.js";
import type { AgentUser, Identifier } from "../domain/agent-user.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import type { OtpChallenge } from "../domain/otp.js";
import type { Session } from "../domain/session.js";

/** Raised when a key id or key hash is already stored: issuing never overwrites another key. */
export class DuplicateApiKeyError extends Error {
  override readonly name = "DuplicateApiKeyError";

  constructor(readonly keyId: string) {
    super(`API key ${keyId} already exists`);
  }
}

/**
 * Raised when an e-mail address or phone number already belongs to another user: each identifies
 * exactly one user, or a login could not tell whose session to open. The message never carries
 * the address itself (it ends up in logs).
 */
export class DuplicateIdentifierError extends Error {
  override readonly name = "DuplicateIdentifierError";

  constructor(readonly field: "email" | "phone") {
    super(`a user with this ${field === "email" ? "e-mail address" : "phone number"} already exists`);
  }
}

/** How long stores keep what expired, for answers and audits, before dropping it. */
export const RETENTION = {
  /** An expired code answers AUTH_OTP_EXPIRED (not AUTH_OTP_INVALID) this long. */
  otpChallengeAfterExpiryMs: 60 * 60_000,
  /** An expired session answers AUTH_TOKEN_EXPIRED (not AUTH_INVALID_TOKEN) this long. */
  sessionAfterExpiryMs: 24 * 60 * 60_000,
} as const;

/** What counting one verification try found. */
export type OtpAttempt =
  /** The try was counted; `challenge.attempts` includes it. */
  | { readonly outcome: "counted"; readonly challenge: OtpChallenge }
  | { readonly outcome: "missing" }
  | { readonly outcome: "expired" }
  /** Already tried `maxAttempts` times; this try was not counted. */
  | { readonly outcome: "locked" };

export interface OtpSendResult {
  readonly accepted: boolean;
  /** When refused: how long until a send is accepted. */
  readonly retryAfterMs: number;
}

export type AgentStatusChange =
  { readonly status: "SUSPENDED"; readonly at: Date; readonly reason: string } | { readonly status: "ACTIVE" };

/** Agents and their users: who may sign in, and under which agency. */
export interface AgentStore {
  /** Creates or replaces the agent with this id (development seed, tests). */
  saveAgent(agent: Agent): Promise<void>;
  findAgent(agentId: string): Promise<Agent | undefined>;
  /**
   * Creates a new agent and its users, all or nothing. Throws DuplicateIdentifierError when an
   * e-mail address or phone number is taken (nothing is written).
   */
  createAgent(agent: Agent, users: readonly AgentUser[]): Promise<void>;
  /**
   * Suspends (recording when and why) or reactivates (clearing both) an agent. Answers the agent
   * as it then is, or undefined for an unknown agent. Suspending a suspended agent keeps its
   * first suspension time and reason.
   */
  updateAgentStatus(agentId: string, change: AgentStatusChange): Promise<Agent | undefined>;
  /** Sets an agent's tier. Answers the agent as it then is, or undefined for an unknown agent. */
  setAgentTier(agentId: string, tier: AgentTier): Promise<Agent | undefined>;
  /** Replaces an agent's billing details. Answers the agent as it then is, or undefined for an unknown agent. */
  setAgentBilling(agentId: string, billing: BillingDetails): Promise<Agent | undefined>;
  /** Renames an agent. Answers the agent as it then is, or undefined for an unknown agent. */
  renameAgent(agentId: string, name: string): Promise<Agent | undefined>;
  /** The sub-agents whose parent is `parentAgentId`, oldest first (suspended ones included). */
  listSubAgents(parentAgentId: string): Promise<Agent[]>;

  /** Creates or replaces the user with this id; DuplicateIdentifierError when another user has its e-mail or phone. */
  saveUser(user: AgentUser): Promise<void>;
  findUserById(userId: string): Promise<AgentUser | undefined>;
  /** The user with this e-mail address (channel EMAIL) or phone number (channel SMS). */
  findUserByIdentifier(identifier: Identifier): Promise<AgentUser | undefined>;
  /** An agent's users, oldest first. */
  listUsers(agentId: string): Promise<AgentUser[]>;
}

/** What a credential check needs to know of agents: the agent, and its agency's status. */
export type AgentLookup = Pick<AgentStore, "findAgent">;

/** A sub-agent's agency (its suspension suspends the sub-agent); undefined for a top-level agency. */
export async function findParent(agents: AgentLookup, agent: Agent | undefined): Promise<Agent | undefined> {
  return agent?.parentAgentId === undefined ? undefined : agents.findAgent(agent.parentAgentId);
}

/** API keys, stored by id with their hash (never the key itself). */
export interface ApiKeyStore {
  /** Stores a newly issued key; throws DuplicateApiKeyError if its key id or hash exists. */
  saveApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKeyById(keyId: string): Promise<ApiKeyRecord | undefined>;
  /** An agent's keys, newest first, revoked and expired ones included. */
  listApiKeys(agentId: string): Promise<ApiKeyRecord[]>;
  /** Records that the key was used at `at`; never moves lastUsedAt backwards. */
  touchApiKey(keyId: string, at: Date): Promise<void>;
  /**
   * Rotation in one step: stores `successor` and marks key `keyId` as replaced by it, working
   * until `revokedAt`, only if that key is live at `now` and was never rotated. Answers the old
   * key's updated record, or undefined when the condition failed (then nothing is written).
   * Throws DuplicateApiKeyError when the successor's id or hash exists (nothing is written).
   */
  rotateApiKey(keyId: string, successor: ApiKeyRecord, revokedAt: Date, now: Date): Promise<ApiKeyRecord | undefined>;
  /**
   * Revokes the key at `at`, unless it is already revoked at or before `at` (then it stays as
   * it is). A rotated key in its grace period is cut short. Undefined for an unknown key.
   */
  revokeApiKey(keyId: string, at: Date): Promise<ApiKeyRecord | undefined>;
}

/** One-time codes and the send limit per identifier. */
export interface OtpStore {
  /** Counts a code send for the identifier if the send limit allows it (domain/otp-send-limit.ts). */
  recordOtpSend(identifier: string, now: Date): Promise<OtpSendResult>;
  /** How long until the send limit accepts a send for the identifier; 0 when it would now. */
  otpSendRetryAfterMs(identifier: string, now: Date): Promise<number>;
  /** Stores the identifier's pending code, replacing any earlier one (its tries start over). */
  saveOtpChallenge(challenge: OtpChallenge): Promise<void>;
  /** Counts one try against the identifier's code, unless it is missing, expired or locked. */
  attemptOtp(identifier: string, now: Date, maxAttempts: number): Promise<OtpAttempt>;
  /** Deletes the code if it is still challenge `challengeId`; true for exactly one caller. */
  consumeOtpChallenge(identifier: string, challengeId: string): Promise<boolean>;
}

/** Bearer sessions, stored by the hash of their token. */
export interface SessionStore {
  /** Stores a new session (its token hash must be new). */
  saveSession(session: Session): Promise<void>;
  findSession(tokenHash: string): Promise<Session | undefined>;
  /** Revokes the session at `at` unless already revoked; false for an unknown or already revoked one. */
  revokeSession(tokenHash: string, at: Date): Promise<boolean>;
}

/**
 * Everything auth keeps, as one adapter implements it (one database, one contract suite); each
 * handler receives only the port it needs. Every method that decides something under concurrency
 * (counting tries, send limits, consuming a code, rotating a key) does it atomically in the store,
 * never as a read followed by a write in the service.
 */
export interface AuthStore extends AgentStore, ApiKeyStore, OtpStore, SessionStore {}
