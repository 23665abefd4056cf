import type { Client } from "@connectrpc/connect";
import type { Agent, AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { DomainError } from "./errors/domain-error.js";

/**
 * The agencies' records as auth answered them (GetAgent: status, parent agency, billing details),
 * remembered for `ttlMs` so the checks of one request and those of the next few seconds share one
 * call: booking's standing check and its billing lookup read the same record. Auth's notices
 * (followStandingNotices in @tarmac/events) make a change reach every replica at once; without
 * them (one process alone) the TTL bounds how stale a record can be.
 */
export class KnownAgents {
  private readonly known = new Map<string, { readonly agent: Agent; readonly until: number }>();
  /** Bumped by every forget: an answer asked for before it is not remembered (it may predate the change). */
  private generation = 0;

  constructor(
    private readonly auth: Pick<Client<typeof AuthService>, "getAgent">,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The agency's record; AUTH_NOT_FOUND for an unknown one. A call to auth carries `signal` and,
   * made while serving a request, that request's deadline (the peer client forwards it).
   */
  async agentOf(agentId: string, signal?: AbortSignal): Promise<Agent> {
    const hit = this.known.get(agentId);
    if (hit && hit.until > this.now()) return hit.agent;
    const asked = this.generation;
    const { agent } = await this.auth.getAgent({ agentId }, signal && { signal });
    if (!agent) throw new DomainError("AUTH_NOT_FOUND", "No such agency");
    if (this.known.size >= 10_000) this.known.clear();
    if (asked === this.generation) this.known.set(agentId, { agent, until: this.now() + this.ttlMs });
    return agent;
  }

  /**
   * The agency changed (suspended, reactivated, billed elsewhere): ask auth on its next lookup.
   * Only its own record goes: its sub-agents' records hold their own fields, and what they inherit
   * (standing, billing) is read from its record at each lookup.
   */
  forget(agentId: string): void {
    this.known.delete(agentId);
    this.generation++;
  }

  /** Notices may have been missed: ask auth again for every agency. */
  forgetAll(): void {
    this.known.clear();
    this.generation++;
  }
}
