import {
  AgentStatus as ProtoAgentStatus,
  AgentTier as ProtoAgentTier,
  Scope as ProtoScope,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { AgentStatus, AgentTier } from "./domain/agent.js";
import type { Scope } from "./domain/scopes.js";

const scopeToProto: Record<Scope, ProtoScope> = {
  "flight.search": ProtoScope.FLIGHT_SEARCH,
  "flight.book": ProtoScope.FLIGHT_BOOK,
  "flight.cancel": ProtoScope.FLIGHT_CANCEL,
  "flight.reschedule": ProtoScope.FLIGHT_RESCHEDULE,
  "wallet.read": ProtoScope.WALLET_READ,
  "webhooks.manage": ProtoScope.WEBHOOKS_MANAGE,
};

const statusToProto: Record<AgentStatus, ProtoAgentStatus> = {
  ACTIVE: ProtoAgentStatus.ACTIVE,
  SUSPENDED: ProtoAgentStatus.SUSPENDED,
};

const tierToProto: Record<AgentTier, ProtoAgentTier> = {
  STANDARD: ProtoAgentTier.STANDARD,
  ENTERPRISE: ProtoAgentTier.ENTERPRISE,
};

export function scopesToProto(scopes: readonly Scope[]): ProtoScope[] {
  return scopes.map((scope) => scopeToProto[scope]);
}

export function agentStatusToProto(status: AgentStatus): ProtoAgentStatus {
  return statusToProto[status];
}

export function agentTierToProto(tier: AgentTier): ProtoAgentTier {
  return tierToProto[tier];
}
