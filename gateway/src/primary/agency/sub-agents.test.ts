import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { DomainError, toConnectError } from "@tarmac/kernel";
import { AgentSchema, AgentStatus, AgentTier, AgentUserSchema, Scope, type Agent } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";
import {
  FundsKind,
  TransferDirection,
  TransferFundsResponseSchema,
  type TransferFundsRequest,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

/** Keys of a small tree: an agency, two of its sub-agents, and another agency. */
const tree = {
  agency: { key: "tk_test_agencyAA_0123456789abcdef0123456789abcdef", agentId: "agt_agency" },
  branchA: { key: "tk_test_branchAA_0123456789abcdef0123456789abcdef", agentId: "agt_branch_a" },
  branchB: { key: "tk_test_branchBB_0123456789abcdef0123456789abcdef", agentId: "agt_branch_b" },
  other: { key: "tk_test_otherAAA_0123456789abcdef0123456789abcdef", agentId: "agt_other" },
} as const;
const parents: Record<string, string> = { agt_branch_a: "agt_agency", agt_branch_b: "agt_agency" };

const agent = (agentId: string, fields: Partial<Omit<Agent, "$typeName">> = {}) =>
  create(AgentSchema, {
    agentId,
    name: agentId,
    status: AgentStatus.ACTIVE,
    tier: AgentTier.STANDARD,
    parentAgentId: parents[agentId] ?? "",
    createdAt: timestampFromMs(1_800_000_000_000),
    ...fields,
  });

/** Auth as the gateway sees it: every key of the tree has agency.manage; sub-agent lookups follow the tree. */
function fakeAuth(seen: { method: string; agentId: string }[]): FakeServices["auth"] {
  const lookup = (request: { agentId: string; subAgentId: string }) => {
    seen.push({ method: "get", agentId: request.agentId });
    if (parents[request.subAgentId] !== request.agentId) {
      throw toConnectError(new DomainError("AUTH_NOT_FOUND", `agent ${request.subAgentId} not found`));
    }
    return agent(request.subAgentId);
  };
  return {
    verifyApiKey(request) {
      const found = Object.values(tree).find((t) => t.key === request.apiKey);
      if (!found) throw toConnectError(new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key"));
      return {
        agentId: found.agentId,
        keyId: found.key.slice(8, 16),
        agentStatus: AgentStatus.ACTIVE,
        agentTier: AgentTier.STANDARD,
        scopes: [Scope.AGENCY_MANAGE],
      };
    },
    createSubAgent(request) {
      seen.push({ method: "create", agentId: request.agentId });
      if (parents[request.agentId]) {
        throw toConnectError(new DomainError("AUTH_FORBIDDEN", "A sub-agent cannot have sub-agents of its own; its agency creates them"));
      }
      return {
        agent: agent("agt_new", {
          name: request.name,
          parentAgentId: request.agentId,
          users: request.users.map((u, i) => create(AgentUserSchema, { userId: `usr_${i}`, email: u.email, phone: u.phone })),
        }),
      };
    },
    listSubAgents(request) {
      seen.push({ method: "list", agentId: request.agentId });
      return {
        subAgents: Object.keys(parents)
          .filter((id) => parents[id] === request.agentId)
          .map((id) => agent(id)),
      };
    },
    getSubAgent: (request) => ({ agent: lookup(request) }),
    updateSubAgent: (request) => ({ agent: agent(lookup(request).agentId, { name: request.name }) }),
    suspendSubAgent: (request) => ({
      agent: agent(lookup(request).agentId, {
        status: AgentStatus.SUSPENDED,
        suspendedAt: timestampFromMs(1_800_000_060_000),
        suspensionReason: request.reason,
      }),
    }),
  };
}

const post = (path: string, payload: unknown, key: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/agency/sub-agents/${path}`,
    headers: { "content-type": "application/json", "x-api-key": key, ...headers },
    payload: JSON.stringify(payload),
  });

/** The wallet's TransferFunds as the gateway sees it: the tree above, every wallet at 10,000.00. */
function fakeWallet(seen: TransferFundsRequest[]): FakeServices["wallet"] {
  return {
    transferFunds(request) {
      seen.push(request);
      if (parents[request.subAgentId] !== request.agentId) {
        throw toConnectError(new DomainError("AUTH_NOT_FOUND", `agent ${request.subAgentId} not found`));
      }
      const sign = request.direction === TransferDirection.TO_SUB_AGENT ? 1n : -1n;
      const wallet = (agentId: string, balancePaise: bigint) => ({
        agentId,
        currency: "INR",
        balancePaise,
        creditLimitPaise: 0n,
        heldPaise: 0n,
        availablePaise: balancePaise,
      });
      return create(TransferFundsResponseSchema, {
        agency: wallet(request.agentId, 1_000_000n - sign * request.amountPaise),
        subAgent: wallet(request.subAgentId, 1_000_000n + sign * request.amountPaise),
      });
    },
  };
}

describe("sub-agents on the primary surface", () => {
  it("creates a sub-agent under the calling agency and answers it in snake_case", async () => {
    const seen: { method: string; agentId: string }[] = [];
    gateway = await testApp({ auth: fakeAuth(seen) });
    const res = await post("create", { name: "Pune Branch", users: [{ email: "ravi@pune.test" }] }, tree.agency.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sub_agent: {
        agent_id: "agt_new",
        parent_agent_id: "agt_agency",
        name: "Pune Branch",
        status: "ACTIVE",
        tier: "STANDARD",
        created_at: "2027-01-15T08:00:00.000Z",
        suspended_at: null,
        suspension_reason: null,
        users: [{ user_id: "usr_0", email: "ravi@pune.test", phone: null }],
      },
    });
    expect(seen).toEqual([{ method: "create", agentId: "agt_agency" }]);
  });

  it("creates once under an Idempotency-Key and replays the answer", async () => {
    const seen: { method: string; agentId: string }[] = [];
    gateway = await testApp({ auth: fakeAuth(seen) });
    const first = await post("create", { name: "Pune Branch" }, tree.agency.key, { "idempotency-key": "sub-1" });
    const again = await post("create", { name: "Pune Branch" }, tree.agency.key, { "idempotency-key": "sub-1" });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(seen.filter((s) => s.method === "create")).toHaveLength(1);
  });

  it("acts only for the caller's agency: no body field names another, and a sub-agent's key acts as the sub-agent", async () => {
    const seen: { method: string; agentId: string }[] = [];
    gateway = await testApp({ auth: fakeAuth(seen) });
    const smuggled = expectEnvelope(await post("list", { agent_id: "agt_agency" }, tree.branchA.key), "VALIDATION_FAILED");
    expect(smuggled.error.errors?.[0]?.field).toBe("agent_id");
    expect((await post("list", {}, tree.branchA.key)).json()).toEqual({ sub_agents: [] });
    expect((await post("list", {}, tree.agency.key)).json().sub_agents.map((s: { agent_id: string }) => s.agent_id)).toEqual([
      "agt_branch_a",
      "agt_branch_b",
    ]);
    expectEnvelope(await post("create", { name: "Grandchild" }, tree.branchA.key), "AUTH_FORBIDDEN");
    expect(seen.map((s) => s.agentId)).toEqual(["agt_branch_a", "agt_agency", "agt_branch_a"]);
  });

  it.each([
    ["a sibling", tree.branchA.key, "agt_branch_b"],
    ["its parent", tree.branchA.key, "agt_agency"],
    ["another agency's sub-agent", tree.other.key, "agt_branch_a"],
    ["itself", tree.agency.key, "agt_agency"],
  ])("answers 404 AUTH_NOT_FOUND on get, update and suspend of %s", async (_, key, subAgentId) => {
    gateway = await testApp({ auth: fakeAuth([]) });
    expectEnvelope(await post("get", { sub_agent_id: subAgentId }, key), "AUTH_NOT_FOUND");
    expectEnvelope(await post("update", { sub_agent_id: subAgentId, name: "Mine" }, key), "AUTH_NOT_FOUND");
    expectEnvelope(await post("suspend", { sub_agent_id: subAgentId }, key), "AUTH_NOT_FOUND");
  });

  it("gets, renames and suspends a sub-agent of the calling agency", async () => {
    gateway = await testApp({ auth: fakeAuth([]) });
    expect((await post("get", { sub_agent_id: "agt_branch_a" }, tree.agency.key)).json().sub_agent.agent_id).toBe("agt_branch_a");
    const renamed = await post("update", { sub_agent_id: "agt_branch_a", name: "Pune Camp" }, tree.agency.key);
    expect(renamed.json().sub_agent.name).toBe("Pune Camp");
    const res = await post("suspend", { sub_agent_id: "agt_branch_a", reason: "dues" }, tree.agency.key);
    expect(res.statusCode, res.body).toBe(200);
    const suspended = res.json().sub_agent;
    expect(suspended).toMatchObject({ status: "SUSPENDED", suspended_at: "2027-01-15T08:01:00.000Z", suspension_reason: "dues" });
  });

  it("refuses keys without agency.manage, and names missing fields", async () => {
    gateway = await testApp();
    expectEnvelope(await post("list", {}, keys.valid), "AUTH_FORBIDDEN");
    await gateway.app.close();
    gateway = await testApp({ auth: fakeAuth([]) });
    const missing = expectEnvelope(await post("update", { name: "" }, tree.agency.key), "VALIDATION_FAILED");
    expect(missing.error.errors?.map((e) => e.field).sort()).toEqual(["name", "sub_agent_id"]);
  });

  it("moves money to and from a sub-agent's wallet for the calling agency only", async () => {
    const seen: TransferFundsRequest[] = [];
    gateway = await testApp({ auth: fakeAuth([]), wallet: fakeWallet(seen) });
    const body = { sub_agent_id: "agt_branch_a", direction: "TO_SUB_AGENT", amount_paise: 250_000, reference: "fund-1" };
    const res = await post("transfer", body, tree.agency.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      agency: {
        agent_id: "agt_agency",
        currency: "INR",
        balance_paise: 750_000,
        credit_limit_paise: 0,
        held_paise: 0,
        available_paise: 750_000,
      },
      sub_agent: {
        agent_id: "agt_branch_a",
        currency: "INR",
        balance_paise: 1_250_000,
        credit_limit_paise: 0,
        held_paise: 0,
        available_paise: 1_250_000,
      },
    });
    expect(seen[0]).toMatchObject({ agentId: "agt_agency", subAgentId: "agt_branch_a", direction: TransferDirection.TO_SUB_AGENT });
    const back = await post("transfer", { ...body, direction: "FROM_SUB_AGENT", reference: "back-1" }, tree.agency.key);
    expect(back.json().agency.balance_paise).toBe(1_250_000);
    // A sub-agent cannot pull from its sibling or its parent; another agency cannot reach into the tree.
    expectEnvelope(await post("transfer", { ...body, sub_agent_id: "agt_branch_b" }, tree.branchA.key), "AUTH_NOT_FOUND");
    expectEnvelope(
      await post("transfer", { ...body, sub_agent_id: "agt_agency", direction: "FROM_SUB_AGENT" }, tree.branchA.key),
      "AUTH_NOT_FOUND",
    );
    expectEnvelope(await post("transfer", body, tree.other.key), "AUTH_NOT_FOUND");
    expect(seen.slice(2).map((r) => r.agentId)).toEqual(["agt_branch_a", "agt_branch_a", "agt_other"]);
    const line = await post("transfer", { ...body, funds: "CREDIT_LINE", reference: "line-1" }, tree.agency.key);
    expect(line.statusCode, line.body).toBe(200);
    expect(seen.at(-1)?.funds).toBe(FundsKind.CREDIT_LINE);
    expect(seen[0]?.funds).toBe(FundsKind.CASH);
    const bad = expectEnvelope(
      await post("transfer", { ...body, direction: "SIDEWAYS", amount_paise: 0 }, tree.agency.key),
      "VALIDATION_FAILED",
    );
    expect(bad.error.errors?.map((e) => e.field).sort()).toEqual(["amount_paise", "direction"]);
  });
});
