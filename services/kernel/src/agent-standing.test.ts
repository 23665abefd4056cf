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
});
