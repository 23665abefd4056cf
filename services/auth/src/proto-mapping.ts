import type { MessageInitShape } from "@bufbuild/protobuf";
import { toTimestamp } from "@tarmac/kernel";
import {
  AgentStatus as ProtoAgentStatus,
  AgentTier as ProtoAgentTier,
  OtpChannel as ProtoOtpChannel,
  Scope as ProtoScope,
  type AgentSchema,
  type ApiKeySchema,
  type DevOutboxMessageSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { DevOutboxMessage } from "./delivery/development-delivery.js";
import type { Agent, AgentStatus, AgentTier } from "./domain/agent.js";
import type { AgentUser, OtpChannelName } from "./domain/agent-user.js";
import type { ApiKeyRecord } from "./domain/api-key-record.js";
import type { Scope } from "./domain/scopes.js";

const scopeToProto: Record<Scope, ProtoScope> = {
  "flight.search": ProtoScope.FLIGHT_SEARCH,
  "flight.book": ProtoScope.FLIGHT_BOOK,
  "flight.cancel": ProtoScope.FLIGHT_CANCEL,
  "flight.reschedule": ProtoScope.FLIGHT_RESCHEDULE,
  "wallet.read": ProtoScope.WALLET_READ,
  "webhooks.manage": ProtoScope.WEBHOOKS_MANAGE,
  "agency.manage": ProtoScope.AGENCY_MANAGE,
};

// Keyed by number: requests may carry enum numbers the contract does not define.
const scopeFromProto = new Map<number, Scope>(Object.entries(scopeToProto).map(([scope, proto]) => [proto, scope as Scope]));

const statusToProto: Record<AgentStatus, ProtoAgentStatus> = {
  ACTIVE: ProtoAgentStatus.ACTIVE,
  SUSPENDED: ProtoAgentStatus.SUSPENDED,
};

const tierToProto: Record<AgentTier, ProtoAgentTier> = {
  STANDARD: ProtoAgentTier.STANDARD,
  ENTERPRISE: ProtoAgentTier.ENTERPRISE,
};

const channelToProto: Record<OtpChannelName, ProtoOtpChannel> = {
  EMAIL: ProtoOtpChannel.EMAIL,
  SMS: ProtoOtpChannel.SMS,
};

export function scopesToProto(scopes: readonly Scope[]): ProtoScope[] {
  return scopes.map((scope) => scopeToProto[scope]);
}

/** The domain scope, or undefined for SCOPE_UNSPECIFIED and numbers the contract does not define. */
export function scopeFromProtoValue(scope: number): Scope | undefined {
  return scopeFromProto.get(scope);
}

export function agentStatusToProto(status: AgentStatus): ProtoAgentStatus {
  return statusToProto[status];
}

export function agentTierToProto(tier: AgentTier): ProtoAgentTier {
  return tierToProto[tier];
}

/** AGENT_TIER_UNSPECIFIED means STANDARD; undefined for numbers the contract does not define. */
export function agentTierFromProto(tier: number): AgentTier | undefined {
  return tierFromProto.get(tier);
}

const tierFromProto = new Map<number, AgentTier>([
  [ProtoAgentTier.UNSPECIFIED, "STANDARD"],
  [ProtoAgentTier.STANDARD, "STANDARD"],
  [ProtoAgentTier.ENTERPRISE, "ENTERPRISE"],
]);

/** null for OTP_CHANNEL_UNSPECIFIED (the identifier decides), undefined for unknown numbers. */
export function otpChannelFromProto(channel: number): OtpChannelName | null | undefined {
  return channelFromProto.get(channel);
}

const channelFromProto = new Map<number, OtpChannelName | null>([
  [ProtoOtpChannel.UNSPECIFIED, null],
  [ProtoOtpChannel.EMAIL, "EMAIL"],
  [ProtoOtpChannel.SMS, "SMS"],
]);

export function toProtoAgent(agent: Agent, users: readonly AgentUser[]): MessageInitShape<typeof AgentSchema> {
  return {
    agentId: agent.id,
    name: agent.name,
    status: statusToProto[agent.status],
    tier: tierToProto[agent.tier],
    parentAgentId: agent.parentAgentId ?? "",
    createdAt: toTimestamp(agent.createdAt),
    users: users.map((user) => ({ userId: user.userId, email: user.email ?? "", phone: user.phone ?? "" })),
    ...(agent.suspendedAt && { suspendedAt: toTimestamp(agent.suspendedAt) }),
    suspensionReason: agent.suspensionReason ?? "",
    ...(agent.billing && { billing: { ...agent.billing, address: { ...agent.billing.address, lines: [...agent.billing.address.lines] } } }),
  };
}

/** A key as listings show it: never the secret, never the hash. */
export function toProtoApiKey(record: ApiKeyRecord): MessageInitShape<typeof ApiKeySchema> {
  return {
    keyId: record.keyId,
    agentId: record.agentId,
    scopes: scopesToProto(record.scopes),
    prefix: record.sandbox ? "tk_test_" : "tk_live_",
    createdAt: toTimestamp(record.createdAt),
    ...(record.lastUsedAt && { lastUsedAt: toTimestamp(record.lastUsedAt) }),
    ...(record.expiresAt && { expiresAt: toTimestamp(record.expiresAt) }),
    ...(record.revokedAt && { revokedAt: toTimestamp(record.revokedAt) }),
    replacesKeyId: record.replacesKeyId ?? "",
    replacedByKeyId: record.replacedByKeyId ?? "",
  };
}

export function toProtoOutboxMessage(message: DevOutboxMessage): MessageInitShape<typeof DevOutboxMessageSchema> {
  return {
    messageId: message.messageId,
    channel: channelToProto[message.channel],
    to: message.to,
    code: message.code,
    subject: message.subject,
    body: message.body,
    createdAt: toTimestamp(message.createdAt),
  };
}
