import { create } from "@bufbuild/protobuf";
import type { CredentialNotice } from "@tarmac/events";
import { failureOf } from "@tarmac/kernel/testing";
import {
  AgentStatus,
  AgentTier,
  CreateSubAgentRequestSchema,
  GetSubAgentRequestSchema,
  IssueApiKeyRequestSchema,
  ListSubAgentsRequestSchema,
  Scope,
  SuspendSubAgentRequestSchema,
  UpdateSubAgentRequestSchema,
  VerifyApiKeyRequestSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { authFixture, type AuthFixture } from "../testing/auth-fixture.js";

describe("AuthServiceImpl: an agency's sub-agents", () => {
  let f: AuthFixture;
  let sent: CredentialNotice[];

  beforeEach(async () => {
    sent = [];
    f = await authFixture({ notices: { publish: async (notice) => void sent.push(notice) } });
  });

  const createSub = (agentId: string, name = "Pune Branch", users: { email?: string; phone?: string }[] = []) =>
    f.service.createSubAgent(create(CreateSubAgentRequestSchema, { agentId, name, users }));
  const list = (r: { agentId: string }) => f.service.listSubAgents(create(ListSubAgentsRequestSchema, r));
  const get = (r: { agentId: string; subAgentId: string }) => f.service.getSubAgent(create(GetSubAgentRequestSchema, r));
  const update = (r: { agentId: string; subAgentId: string; name: string }) =>
    f.service.updateSubAgent(create(UpdateSubAgentRequestSchema, r));
  const suspend = (r: { agentId: string; subAgentId: string; reason: string }) =>
    f.service.suspendSubAgent(create(SuspendSubAgentRequestSchema, r));
  const codeOf = async (call: Promise<unknown>) => (await failureOf(call)).code;

  it("creates a sub-agent under the acting agency, at its tier, with its users, and lists and gets it", async () => {
    await f.store.saveAgent({ ...f.agent, tier: "ENTERPRISE" });
    const { agent } = await createSub(f.agent.id, "  Pune Branch ", [{ email: "ravi@pune.test" }]);
    expect(agent).toMatchObject({
      name: "Pune Branch",
      parentAgentId: f.agent.id,
      status: AgentStatus.ACTIVE,
      tier: AgentTier.ENTERPRISE,
      users: [{ email: "ravi@pune.test" }],
    });
    f.clock.advance(1000);
    const second = (await createSub(f.agent.id, "Nashik Branch")).agent!;
    const listed = await list({ agentId: f.agent.id });
    expect(listed.subAgents.map((a) => a.agentId)).toEqual([agent!.agentId, second.agentId]);
    const got = await get({ agentId: f.agent.id, subAgentId: agent!.agentId });
    expect(got.agent?.users.map((u) => u.email)).toEqual(["ravi@pune.test"]);
  });

  it("refuses a sub-agent creating sub-agents of its own, and an unknown agency", async () => {
    const sub = (await createSub(f.agent.id)).agent!;
    expect(await codeOf(createSub(sub.agentId))).toBe("AUTH_FORBIDDEN");
    expect(await codeOf(createSub("agt_nope"))).toBe("AUTH_NOT_FOUND");
    expect((await list({ agentId: f.agent.id })).subAgents).toHaveLength(1);
  });

  it("answers AUTH_NOT_FOUND for a sibling, the parent, another agency's sub-agent and the agency itself", async () => {
    const a = (await createSub(f.agent.id, "A")).agent!;
    const b = (await createSub(f.agent.id, "B")).agent!;
    await f.store.saveAgent({ ...f.agent, id: "agt_other", name: "Other Travels" });
    const stranger = (await createSub("agt_other", "Stranger")).agent!;
    const attempts: [acting: string, target: string][] = [
      [a.agentId, b.agentId], // sibling
      [a.agentId, f.agent.id], // its parent
      [f.agent.id, stranger.agentId], // another agency's sub-agent
      ["agt_other", a.agentId], // another agency reaching into this tree
      [f.agent.id, f.agent.id], // itself
    ];
    for (const [agentId, subAgentId] of attempts) {
      expect(await codeOf(get({ agentId, subAgentId })), `${agentId} get ${subAgentId}`).toBe("AUTH_NOT_FOUND");
      expect(await codeOf(update({ agentId, subAgentId, name: "Mine now" }))).toBe("AUTH_NOT_FOUND");
      expect(await codeOf(suspend({ agentId, subAgentId, reason: "" }))).toBe("AUTH_NOT_FOUND");
    }
    // Nothing changed, and the sub-agent sees no sub-agents of its own.
    expect((await f.store.findAgent(b.agentId))?.name).toBe("B");
    expect((await f.store.findAgent(f.agent.id))?.status).toBe("ACTIVE");
    expect((await list({ agentId: a.agentId })).subAgents).toEqual([]);
  });

  it("renames a sub-agent and refuses an empty name", async () => {
    const sub = (await createSub(f.agent.id)).agent!;
    const renamed = await update({ agentId: f.agent.id, subAgentId: sub.agentId, name: "Pune Camp" });
    expect(renamed.agent).toMatchObject({ agentId: sub.agentId, name: "Pune Camp", parentAgentId: f.agent.id });
    const bad = await failureOf(update({ agentId: f.agent.id, subAgentId: sub.agentId, name: " " }));
    expect(bad.errors.map((e) => e.field)).toEqual(["name"]);
  });

  it("suspends a sub-agent: its keys verify SUSPENDED at once, the agency's do not", async () => {
    const sub = (await createSub(f.agent.id)).agent!;
    const issue = (agentId: string) => f.service.issueApiKey(create(IssueApiKeyRequestSchema, { agentId }));
    const verify = (apiKey: string) => f.service.verifyApiKey(create(VerifyApiKeyRequestSchema, { apiKey }));
    const subKey = (await issue(sub.agentId)).apiKey;
    const agencyKey = (await issue(f.agent.id)).apiKey;
    const { agent } = await suspend({ agentId: f.agent.id, subAgentId: sub.agentId, reason: "unpaid dues" });
    expect(agent).toMatchObject({ status: AgentStatus.SUSPENDED, suspensionReason: "unpaid dues" });
    expect(sent).toContainEqual({ kind: "agent.suspended", agentId: sub.agentId });
    expect((await verify(subKey)).agentStatus).toBe(AgentStatus.SUSPENDED);
    expect((await verify(agencyKey)).agentStatus).toBe(AgentStatus.ACTIVE);
  });

  it("never gives a key agency.manage by default, whatever the tier; a key asked for it has it", async () => {
    await f.store.saveAgent({ ...f.agent, tier: "ENTERPRISE" });
    const plain = await f.service.issueApiKey(create(IssueApiKeyRequestSchema, { agentId: f.agent.id }));
    expect(plain.key?.scopes).not.toContain(Scope.AGENCY_MANAGE);
    const asked = await f.service.issueApiKey(create(IssueApiKeyRequestSchema, { agentId: f.agent.id, scopes: [Scope.AGENCY_MANAGE] }));
    expect((await f.service.verifyApiKey(create(VerifyApiKeyRequestSchema, { apiKey: asked.apiKey }))).scopes).toEqual([
      Scope.AGENCY_MANAGE,
    ]);
  });
});
