import type { Client, Interceptor } from "@connectrpc/connect";
import { AgentStatus, type AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { agentIdOf } from "./caller-auth/request-agent.js";
import { DomainError } from "./errors/domain-error.js";
import { KnownAgents } from "./known-agents.js";

/**
 * Whether an agency may commit money now, read from the agency's record as auth answered it
 * (KnownAgents: remembered for `ttlMs`), so a suspension reaches booking and wallet within seconds
 * without a call per request; auth's credential notices (followStandingNotices in @tarmac/events)
 * make it at once. The gateway checks too; this is what stops a caller that reaches booking or the
 * wallet directly. A sub-agent stands with its agency: it is refused while its parent is
 * suspended, whatever its own status.
 */
const MAX_PARENT_DEPTH = 4;

export class AgentStanding {
  /** The records the standing is read from; booking's billing lookup reads them too (one GetAgent for both). */
  readonly agents: KnownAgents;

  constructor(auth: Pick<Client<typeof AuthService>, "getAgent">, ttlMs = 5_000, now: () => number = Date.now) {
    this.agents = new KnownAgents(auth, ttlMs, now);
  }

  /** Resolves for an active agency; AUTH_AGENT_SUSPENDED for any other (as the gateway), AUTH_NOT_FOUND for an unknown one. */
  async assertActive(agentId: string): Promise<void> {
    const status = await this.statusOf(agentId);
    if (status !== AgentStatus.ACTIVE) throw new DomainError("AUTH_AGENT_SUSPENDED", "The agency is suspended");
  }

  /**
   * An agency was suspended or reactivated, or its billing details changed: ask auth on its next
   * call. Its sub-agents follow at once: their standing is read through its record at each check.
   */
  forget(agentId: string): void {
    this.agents.forget(agentId);
  }

  /** Notices may have been missed: ask auth again for every agency. */
  forgetAll(): void {
    this.agents.forgetAll();
  }

  /** The agency's own status, or its parent's when the agency is active and the parent is not. */
  private async statusOf(agentId: string, depth = 0): Promise<AgentStatus> {
    const agent = await this.agents.agentOf(agentId);
    // Auth keeps hierarchies shallow; the bound only guards against a loop in its data.
    return agent.status === AgentStatus.ACTIVE && agent.parentAgentId !== "" && depth < MAX_PARENT_DEPTH
      ? this.statusOf(agent.parentAgentId, depth + 1)
      : agent.status;
  }
}

/**
 * Server side: the listed methods (those that commit an agency's money) run only for an active
 * agency, named by the request's agent_id.
 */
export function activeAgentInterceptor(standing: AgentStanding, methods: readonly string[]): Interceptor {
  const guarded = new Set(methods);
  return (next) => async (req) => {
    const agentId = guarded.has(req.method.name) ? agentIdOf(req) : undefined;
    if (typeof agentId === "string" && agentId !== "") await standing.assertActive(agentId);
    return next(req);
  };
}
