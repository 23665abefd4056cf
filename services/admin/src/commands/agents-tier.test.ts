import { create } from "@bufbuild/protobuf";
import { DomainError } from "@tarmac/kernel";
import { AgentTier, SetAgentTierRequestSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, AGENT_JSON, agent, fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";

describe("agents set-tier", () => {
  const services = () => fakeServices({ auth: { setAgentTier: (req) => ({ agent: agent({ agentId: req.agentId, tier: req.tier }) }) } });

  it("sets enterprise and standard, as text and as JSON", async () => {
    const { clients, calls } = services();
    const text = await run(["agents", "set-tier", AGENT_ID, "enterprise"], { clients });
    expect(text.stdout).toMatch(/^Agent tier set:\n[\s\S]*^ {2}tier\s+ENTERPRISE$/m);
    const json = await run(["agents", "set-tier", AGENT_ID, "standard", "--json"], { clients });
    expect(JSON.parse(json.stdout)).toEqual({ agent: AGENT_JSON });
    expect(calls).toEqual([
      { method: "AuthService.SetAgentTier", request: create(SetAgentTierRequestSchema, { agentId: AGENT_ID, tier: AgentTier.ENTERPRISE }) },
      { method: "AuthService.SetAgentTier", request: create(SetAgentTierRequestSchema, { agentId: AGENT_ID, tier: AgentTier.STANDARD }) },
    ]);
  });

  it("refuses a missing agent id, a missing tier and an unknown tier without calling auth", async () => {
    const { clients, calls } = services();
    expect((await run(["agents", "set-tier"], { clients })).stderr).toContain("error: missing <agent id>");
    const noTier = await run(["agents", "set-tier", AGENT_ID], { clients });
    expect(noTier).toMatchObject({ code: 2 });
    expect(noTier.stderr).toContain("<standard|enterprise>");
    const gold = await run(["agents", "set-tier", AGENT_ID, "gold"], { clients });
    expect(gold.code).toBe(2);
    expect(gold.stderr).toContain('must be "standard" or "enterprise"');
    expect(calls).toEqual([]);
  });

  it("reports an unknown agent as the service's refusal", async () => {
    const { clients } = fakeServices({
      auth: {
        setAgentTier: () => {
          throw new DomainError("AUTH_NOT_FOUND", "agent agt_x not found");
        },
      },
    });
    const result = await run(["agents", "set-tier", "agt_x", "enterprise"], { clients });
    expect(result).toMatchObject({ code: 1, stdout: "", stderr: "error: AUTH_NOT_FOUND: agent agt_x not found" });
  });

  it("has help", async () => {
    const help = await run(["agents", "set-tier", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("pnpm admin agents set-tier agt_01JD8X3Q4N enterprise");
    expect(help.stdout).toContain("SetAgentTier");
  });
});
