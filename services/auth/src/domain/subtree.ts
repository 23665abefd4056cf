import type { Agent } from "./agent.js";

/**
 * Whether `agent` is below `agencyId` in the hierarchy: the agents an agency manages. Sub-agents
 * work one level under a top-level agency, so that is a sub-agent whose parent is the agency. The
 * agency itself, its siblings and its own parent are not: an agency never acts upwards or across.
 */
export function inSubtree(agent: Agent, agencyId: string): boolean {
  return agent.parentAgentId !== undefined && agent.parentAgentId === agencyId;
}
