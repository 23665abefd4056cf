// Its own file: the caller check (interceptors.ts) and the suspended-agency check (agent-standing.ts)
// both read it, and the caller check takes the standing as a dependency.

/** The agency a unary request names (its `agent_id`); undefined for a stream or a message without one. */
export const agentIdOf = (req: object): unknown =>
  "message" in req && typeof req.message === "object" && req.message ? (req.message as { agentId?: unknown }).agentId : undefined;
