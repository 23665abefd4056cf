import { create } from "@bufbuild/protobuf";
import { AgentSchema, GetAgentResponseSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { KnownAgents } from "./known-agents.js";

/** Auth's GetAgent for any agency but "agt_nobody", recording what it was asked and with which signal. */
function fakeAuth() {
  const asked: { agentId: string; signal: AbortSignal | undefined }[] = [];
  const auth = {
    getAgent: async ({ agentId = "" }: { agentId?: string }, options?: { signal?: AbortSignal }) => {
      asked.push({ agentId, signal: options?.signal });
      return create(GetAgentResponseSchema, agentId === "agt_nobody" ? {} : { agent: create(AgentSchema, { agentId }) });
    },
  };
  return { asked, auth };
}

describe("KnownAgents", () => {
  it("remembers a record for its TTL; a forget drops that agency's only", async () => {
    const { asked, auth } = fakeAuth();
    let now = 0;
    const agents = new KnownAgents(auth, 5_000, () => now);
    await agents.agentOf("agt_1");
    await agents.agentOf("agt_2");
    await agents.agentOf("agt_1");
    expect(asked.map((a) => a.agentId)).toEqual(["agt_1", "agt_2"]);
    agents.forget("agt_1");
    await agents.agentOf("agt_1");
    await agents.agentOf("agt_2");
    expect(asked.map((a) => a.agentId)).toEqual(["agt_1", "agt_2", "agt_1"]);
    now = 5_001;
    await agents.agentOf("agt_2");
    expect(asked).toHaveLength(4);
  });

  it("passes the lookup's signal to auth, and refuses an agency auth does not know without remembering it", async () => {
    const { asked, auth } = fakeAuth();
    const agents = new KnownAgents(auth);
    const signal = new AbortController().signal;
    await agents.agentOf("agt_1", signal);
    expect(asked[0]?.signal).toBe(signal);
    await expect(agents.agentOf("agt_nobody")).rejects.toMatchObject({ code: "AUTH_NOT_FOUND" });
    await expect(agents.agentOf("agt_nobody")).rejects.toMatchObject({ code: "AUTH_NOT_FOUND" });
    expect(asked).toHaveLength(3);
  });
});
