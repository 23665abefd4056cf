import { create } from "@bufbuild/protobuf";
import { AgentSchema, AgentStatus, GetAgentResponseSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AgentStanding } from "./agent-standing.js";

/** Auth's GetAgent over a status the test changes, counting calls; `hold` keeps the next answer back. */
function fakeAuth() {
  const state = { status: AgentStatus.ACTIVE, calls: 0, hold: undefined as Promise<void> | undefined };
  const auth = {
    getAgent: async () => {
      state.calls++;
      const status = state.status;
      await state.hold;
      return create(GetAgentResponseSchema, { agent: create(AgentSchema, { agentId: "agt_1", status }) });
    },
  };
  return { state, auth };
}

describe("AgentStanding", () => {
  it("remembers a standing for its TTL, and forgets one agency or all on request", async () => {
    const { state, auth } = fakeAuth();
    const standing = new AgentStanding(auth, 5_000);
    await standing.assertActive("agt_1");
    state.status = AgentStatus.SUSPENDED;
    await standing.assertActive("agt_1");
    expect(state.calls).toBe(1);
    standing.forget("agt_1");
    await expect(standing.assertActive("agt_1")).rejects.toMatchObject({ code: "AUTH_AGENT_SUSPENDED" });
    state.status = AgentStatus.ACTIVE;
    standing.forgetAll();
    await standing.assertActive("agt_1");
    expect(state.calls).toBe(3);
  });

  it("does not remember an answer asked for before a forget (it may predate the suspension)", async () => {
    const { state, auth } = fakeAuth();
    const standing = new AgentStanding(auth, 5_000);
    let release: () => void = () => undefined;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const before = standing.assertActive("agt_1");
    standing.forget("agt_1");
    state.hold = undefined;
    release();
    await before;
    state.status = AgentStatus.SUSPENDED;
    await expect(standing.assertActive("agt_1")).rejects.toMatchObject({ code: "AUTH_AGENT_SUSPENDED" });
  });

  it("refuses a sub-agent while its parent agency is suspended, and forgets the sub-agent when the parent changes", async () => {
    const status = new Map([
      ["agt_parent", AgentStatus.ACTIVE],
      ["agt_sub", AgentStatus.ACTIVE],
    ]);
    const auth = {
      getAgent: async ({ agentId = "" }: { agentId?: string }) =>
        create(GetAgentResponseSchema, {
          agent: create(AgentSchema, {
            agentId,
            status: status.get(agentId) ?? AgentStatus.UNSPECIFIED,
            parentAgentId: agentId === "agt_sub" ? "agt_parent" : "",
          }),
        }),
    };
    const standing = new AgentStanding(auth, 5_000);
    await standing.assertActive("agt_sub");
    status.set("agt_parent", AgentStatus.SUSPENDED);
    // The notice names the parent only.
    standing.forget("agt_parent");
    await expect(standing.assertActive("agt_sub")).rejects.toMatchObject({ code: "AUTH_AGENT_SUSPENDED" });
    await expect(standing.assertActive("agt_parent")).rejects.toMatchObject({ code: "AUTH_AGENT_SUSPENDED" });
    status.set("agt_parent", AgentStatus.ACTIVE);
    standing.forget("agt_parent");
    await standing.assertActive("agt_sub");
  });
});
