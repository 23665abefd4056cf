import type { Agent, AgentStatus, AgentTier } from "../domain/agent.js";
import type { AgentUser, OtpChannelName } from "../domain/agent-user.js";
import type { BillingDetails } from "../domain/billing-details.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import type { OtpChallenge } from "../domain/otp.js";
import type { Scope } from "../domain/scopes.js";
import type { Session } from "../domain/session.js";

export interface AgentDocument {
  _id: string;
  name: string;
  status: AgentStatus;
  tier: AgentTier;
  createdAt: Date;
  parentAgentId?: string;
  suspendedAt?: Date;
  suspensionReason?: string;
  billing?: BillingDocument;
}

export interface BillingDocument {
  gstin: string;
  legalName: string;
  address: { lines: string[]; city: string; state: string; pinCode: string; country: "IN" };
  email: string;
}

export interface UserDocument {
  /** The user id. */
  _id: string;
  agentId: string;
  email?: string;
  phone?: string;
  createdAt: Date;
}

export interface ApiKeyDocument {
  /** The key id. */
  _id: string;
  agentId: string;
  hash: string;
  scopes: Scope[];
  createdAt: Date;
  /** Absent on keys stored before the field existed: those are live keys (`tk_live_`). */
  sandbox?: boolean;
  lastUsedAt?: Date;
  expiresAt?: Date;
  revokedAt?: Date;
  replacesKeyId?: string;
  replacedByKeyId?: string;
}

/** One per identifier: the sends of the last hour, oldest first. */
export interface OtpSendWindowDocument {
  /** The normalized identifier. */
  _id: string;
  sends: Date[];
  /** Whether the last send asked for was accepted (written by the update pipeline). */
  accepted: boolean;
  /** TTL: an hour after the last request, when every send has left the window. */
  expiresAt: Date;
}

export interface OtpChallengeDocument {
  /** The normalized identifier: one pending code each. */
  _id: string;
  challengeId: string;
  channel: OtpChannelName;
  codeHash: string;
  salt: string;
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  userId?: string;
}

export interface SessionDocument {
  /** The session id. */
  _id: string;
  tokenHash: string;
  agentId: string;
  userId: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
}

export function agentToDocument(agent: Agent): AgentDocument {
  return {
    _id: agent.id,
    name: agent.name,
    status: agent.status,
    tier: agent.tier,
    createdAt: agent.createdAt,
    ...(agent.parentAgentId !== undefined && { parentAgentId: agent.parentAgentId }),
    ...(agent.suspendedAt && { suspendedAt: agent.suspendedAt }),
    ...(agent.suspensionReason !== undefined && { suspensionReason: agent.suspensionReason }),
    ...(agent.billing && { billing: billingToDocument(agent.billing) }),
  };
}

export function billingToDocument(billing: BillingDetails): BillingDocument {
  const { address } = billing;
  return {
    gstin: billing.gstin,
    legalName: billing.legalName,
    address: { lines: [...address.lines], city: address.city, state: address.state, pinCode: address.pinCode, country: address.country },
    email: billing.email,
  };
}

function billingFromDocument(doc: BillingDocument): BillingDetails {
  return { gstin: doc.gstin, legalName: doc.legalName, address: { ...doc.address, lines: [...doc.address.lines] }, email: doc.email };
}

export function agentFromDocument(doc: AgentDocument): Agent {
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    tier: doc.tier,
    createdAt: doc.createdAt,
    ...(doc.parentAgentId !== undefined && { parentAgentId: doc.parentAgentId }),
    ...(doc.suspendedAt && { suspendedAt: doc.suspendedAt }),
    ...(doc.suspensionReason !== undefined && { suspensionReason: doc.suspensionReason }),
    ...(doc.billing && { billing: billingFromDocument(doc.billing) }),
  };
}

export function userToDocument(user: AgentUser): UserDocument {
  return {
    _id: user.userId,
    agentId: user.agentId,
    ...(user.email !== undefined && { email: user.email }),
    ...(user.phone !== undefined && { phone: user.phone }),
    createdAt: user.createdAt,
  };
}

export function userFromDocument(doc: UserDocument): AgentUser {
  return {
    userId: doc._id,
    agentId: doc.agentId,
    ...(doc.email !== undefined && { email: doc.email }),
    ...(doc.phone !== undefined && { phone: doc.phone }),
    createdAt: doc.createdAt,
  };
}

export function apiKeyToDocument(record: ApiKeyRecord): ApiKeyDocument {
  return {
    _id: record.keyId,
    agentId: record.agentId,
    hash: record.hash,
    scopes: [...record.scopes],
    createdAt: record.createdAt,
    sandbox: record.sandbox,
    ...(record.lastUsedAt && { lastUsedAt: record.lastUsedAt }),
    ...(record.expiresAt && { expiresAt: record.expiresAt }),
    ...(record.revokedAt && { revokedAt: record.revokedAt }),
    ...(record.replacesKeyId !== undefined && { replacesKeyId: record.replacesKeyId }),
    ...(record.replacedByKeyId !== undefined && { replacedByKeyId: record.replacedByKeyId }),
  };
}

export function apiKeyFromDocument(doc: ApiKeyDocument): ApiKeyRecord {
  return {
    keyId: doc._id,
    agentId: doc.agentId,
    hash: doc.hash,
    scopes: doc.scopes,
    createdAt: doc.createdAt,
    sandbox: doc.sandbox ?? false,
    ...(doc.lastUsedAt && { lastUsedAt: doc.lastUsedAt }),
    ...(doc.expiresAt && { expiresAt: doc.expiresAt }),
    ...(doc.revokedAt && { revokedAt: doc.revokedAt }),
    ...(doc.replacesKeyId !== undefined && { replacesKeyId: doc.replacesKeyId }),
    ...(doc.replacedByKeyId !== undefined && { replacedByKeyId: doc.replacedByKeyId }),
  };
}

export function challengeToDocument(challenge: OtpChallenge): OtpChallengeDocument {
  return {
    _id: challenge.identifier,
    challengeId: challenge.challengeId,
    channel: challenge.channel,
    codeHash: challenge.codeHash,
    salt: challenge.salt,
    createdAt: challenge.createdAt,
    expiresAt: challenge.expiresAt,
    attempts: challenge.attempts,
    ...(challenge.userId !== undefined && { userId: challenge.userId }),
  };
}

export function challengeFromDocument(doc: OtpChallengeDocument): OtpChallenge {
  return {
    identifier: doc._id,
    challengeId: doc.challengeId,
    channel: doc.channel,
    codeHash: doc.codeHash,
    salt: doc.salt,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    attempts: doc.attempts,
    ...(doc.userId !== undefined && { userId: doc.userId }),
  };
}

export function sessionToDocument(session: Session): SessionDocument {
  return {
    _id: session.sessionId,
    tokenHash: session.tokenHash,
    agentId: session.agentId,
    userId: session.userId,
    scopes: [...session.scopes],
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    ...(session.revokedAt && { revokedAt: session.revokedAt }),
  };
}

export function sessionFromDocument(doc: SessionDocument): Session {
  return {
    sessionId: doc._id,
    tokenHash: doc.tokenHash,
    agentId: doc.agentId,
    userId: doc.userId,
    scopes: doc.scopes,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    ...(doc.revokedAt && { revokedAt: doc.revokedAt }),
  };
}
