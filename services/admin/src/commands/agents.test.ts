import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { DomainError } from "@tarmac/kernel";
import {
  AgentStatus,
  GetAgentRequestSchema,
  ReactivateAgentRequestSchema,
  SuspendAgentRequestSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, AGENT_JSON, agent, fakeServices, NOW } from "../testing/fakes.js";
import { run } from "../testing/run.js";

describe("agents get, suspend, reactivate", () => {
  const services = () =>
    fakeServices({
      auth: {
        getAgent: (req) => ({ agent: agent({ agentId: req.agentId, users: [{ userId: "usr_1", email: "ops@sky.example", phone: "" }] }) }),
        suspendAgent: (req) => ({
          agent: agent({
            agentId: req.agentId,
            status: AgentStatus.SUSPENDED,
            suspendedAt: timestampFromDate(NOW),
            suspensionReason: req.reason,
          }),
        }),
        reactivateAgent: (req) => ({ agent: agent({ agentId: req.agentId }) }),
      },
    });

  it("gets an agent", async () => {
    const { clients, calls } = services();
    const result = await run(["agents", "get", AGENT_ID, "--json"], { clients });
    expect(calls).toEqual([{ method: "AuthService.GetAgent", request: create(GetAgentRequestSchema, { agentId: AGENT_ID }) }]);
    expect(JSON.parse(result.stdout)).toEqual({
      agent: { ...AGENT_JSON, users: [{ user_id: "usr_1", email: "ops@sky.example", phone: "" }] },
    });
    const text = await run(["agents", "get", AGENT_ID], { clients });
    expect(text.stdout).toMatch(/^ {2}user\s+ops@sky\.example$/m);
    expect(text.stdout).toMatch(/^ {2}tier\s+STANDARD$/m);
  });

  it("suspends with a reason and reactivates", async () => {
    const { clients, calls } = services();
    const suspended = await run(["agents", "suspend", AGENT_ID, "--reason", "unpaid invoices"], { clients });
    expect(suspended.stdout).toMatch(/^Agent suspended:\n[\s\S]*status\s+SUSPENDED/);
    expect(suspended.stdout).toMatch(/^ {2}suspended\s+2026-11-22T06:00:00\.000Z {2}unpaid invoices$/m);
    await run(["agents", "reactivate", AGENT_ID, "--json"], { clients }).then((r) =>
      expect(JSON.parse(r.stdout).agent.status).toBe("ACTIVE"),
    );
    expect(calls).toEqual([
      { method: "AuthService.SuspendAgent", request: create(SuspendAgentRequestSchema, { agentId: AGENT_ID, reason: "unpaid invoices" }) },
      { method: "AuthService.ReactivateAgent", request: create(ReactivateAgentRequestSchema, { agentId: AGENT_ID }) },
    ]);
  });

  it("reports an unknown agent as the service's refusal", async () => {
    const { clients } = fakeServices({
      auth: {
        getAgent: () => {
          throw new DomainError("AUTH_NOT_FOUND", "agent agt_x not found");
        },
      },
    });
    const result = await run(["agents", "get", "agt_x"], { clients });
    expect(result).toMatchObject({ code: 1, stdout: "", stderr: "error: AUTH_NOT_FOUND: agent agt_x not found" });
  });

  it.each([["get"], ["suspend"], ["reactivate"]])("%s needs an agent id", async (name) => {
    const result = await run(["agents", name]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: missing <agent id>");
  });
});
