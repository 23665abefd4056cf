import { DomainError } from "@tarmac/kernel";
import type { BillingDetails } from "./billing-details.js";

export const AGENT_STATUSES = ["ACTIVE", "SUSPENDED"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_TIERS = ["STANDARD", "ENTERPRISE"] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];

/** Agent ids the service makes: `agt_` + ULID. The development seed's `agt_demo` predates them. */
export const AGENT_ID_PREFIX = "agt";

/** A travel agency calling the API. */
export interface Agent {
  readonly id: string;
  readonly name: string;
  readonly status: AgentStatus;
  readonly tier: AgentTier;
  readonly createdAt: Date;
  /** Set for a sub-agent: the agency it works under (one level: a parent is never a sub-agent). */
  readonly parentAgentId?: string;
  /** Set while SUSPENDED. */
  readonly suspendedAt?: Date;
  readonly suspensionReason?: string;
  /** Its own billing details, once ops set them (SetAgentBilling). */
  readonly billing?: BillingDetails;
}

/**
 * The status callers act on: a sub-agent of a suspended agency is suspended too, whatever its own
 * status, so suspending an agency stops every sub-agent's keys and sessions at once.
 */
export function effectiveStatus(agent: Agent, parent: Agent | undefined): AgentStatus {
  if (agent.status === "SUSPENDED") return "SUSPENDED";
  return agent.parentAgentId !== undefined && parent?.status !== "ACTIVE" ? "SUSPENDED" : "ACTIVE";
}

export function agentNotFound(agentId: string): DomainError {
  return new DomainError("AUTH_NOT_FOUND", `agent ${agentId} not found`);
}
