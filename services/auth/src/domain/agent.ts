export const AGENT_STATUSES = ["ACTIVE", "SUSPENDED"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_TIERS = ["STANDARD", "ENTERPRISE"] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];

/** A travel agency calling the API. */
export interface Agent {
  readonly id: string;
  readonly name: string;
  readonly status: AgentStatus;
  readonly tier: AgentTier;
  readonly createdAt: Date;
}
