import type { Client, Interceptor } from "@connectrpc/connect";
import { AgentStatus, type AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { agentIdOf } from "./caller-auth/interceptors.js";
import { DomainError } from "./errors/domain-error.js";

/**
 * Whether an agency may commit money now, asked of auth (GetAgent) and remembered for `ttlMs`, so
 * a suspension reaches booking and wallet within seconds without a call per request; auth's
 * credential notices (followStandingNotices in @tarmac/events) make it at once. The gateway
 * checks too; this is what stops a caller that reaches booking or the wallet directly. A sub-agent
 * stands with its agency: it is refused while its parent is suspended, whatever its own status.
 */
const MAX_PARENT_DEPTH = 4;

export class AgentStanding {
  private readonly known = new Map<string, { readonly status: AgentStatus; readonly until: number }>();
  /** Bumped by every forget: an answer asked for before it is not remembered (it may predate the change). */
  private generation = 0;

  constructor(
    private readonly auth: Pick<Client<typeof AuthService>, "getAgent">,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves for an active agency; AUTH_AGENT_SUSPENDED for any other (as the gateway), AUTH_NOT_FOUND for an unknown one. */
  async assertActive(agentId: string): Promise<void> {
    const status = await this.statusOf(agentId);
    if (status !== AgentStatus.ACTIVE) throw new DomainError("AUTH_AGENT_SUSPENDED", "The agency is suspended");
  }

  /**
   * An agency was suspended or reactivated: ask auth on its next call. Its sub-agents' remembered
   * standing came from it too, so every agency is asked again (a suspension is rare; a stale answer
   * would let a sub-agent of a suspended agency spend for up to the TTL).
   */
  forget(_agentId: string): void {
    this.forgetAll();
  }

  /** Notices may have been missed: ask auth again for every agency. */
  forgetAll(): void {
    this.known.clear();
    this.generation++;
  }

  /** The agency's own status, or its parent's when the agency is active and the parent is not. */
  private async statusOf(agentId: string, depth = 0): Promise<AgentStatus> {
    const hit = this.known.get(agentId);
    if (hit && hit.until > this.now()) return hit.status;
    const asked = this.generation;
    const { agent } = await this.auth.getAgent({ agentId });
    if (!agent) throw new DomainError("AUTH_NOT_FOUND", "No such agency");
    // Auth keeps hierarchies shallow; the bound only guards against a loop in its data.
    const inherited =
      agent.status === AgentStatus.ACTIVE && agent.parentAgentId !== "" && depth < MAX_PARENT_DEPTH
        ? await this.statusOf(agent.parentAgentId, depth + 1)
        : agent.status;
    if (this.known.size >= 10_000) this.known.clear();
    if (asked === this.generation) this.known.set(agentId, { status: inherited, until: this.now() + this.ttlMs });
    return inherited;
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
