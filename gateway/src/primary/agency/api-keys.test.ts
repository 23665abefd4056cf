import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { DomainError, toConnectError } from "@tarmac/kernel";
import { AgentStatus, AgentTier, ApiKeySchema, Scope, type IssueAgencyApiKeyRequest } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const AGENCY_KEY = "tk_test_agencyAA_0123456789abcdef0123456789abcdef";
const BRANCH_KEY = "tk_test_branchAA_0123456789abcdef0123456789abcdef";
const callers: Record<string, { agentId: string; keyId: string }> = {
  [AGENCY_KEY]: { agentId: "agt_agency", keyId: "agencyAA" },
  [BRANCH_KEY]: { agentId: "agt_branch_a", keyId: "branchAA" },
};
const parents: Record<string, string> = { agt_branch_a: "agt_agency", agt_branch_b: "agt_agency" };

const record = (keyId: string, agentId: string, revoked = false) =>
  create(ApiKeySchema, {
    keyId,
    agentId,
    prefix: "tk_test_",
    scopes: [Scope.FLIGHT_SEARCH, Scope.WALLET_READ],
    createdAt: timestampFromMs(1_800_000_000_000),
    ...(revoked && { revokedAt: timestampFromMs(1_800_000_060_000) }),
  });

function fakeAuth(seen: IssueAgencyApiKeyRequest[]): FakeServices["auth"] {
  const target = (agentId: string, forAgentId: string) => {
    if (forAgentId === "" || forAgentId === agentId) return agentId;
    if (parents[forAgentId] !== agentId) throw toConnectError(new DomainError("AUTH_NOT_FOUND", `agent ${forAgentId} not found`));
    return forAgentId;
  };
  return {
    verifyApiKey(request) {
      const caller = callers[request.apiKey];
      if (!caller) throw toConnectError(new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key"));
      return { ...caller, agentStatus: AgentStatus.ACTIVE, agentTier: AgentTier.STANDARD, scopes: [Scope.AGENCY_MANAGE] };
    },
    issueAgencyApiKey(request) {
      seen.push(request);
      const agentId = target(request.agentId, request.forAgentId);
      return { key: record("newkey01", agentId), apiKey: "tk_test_newkey01_0123456789abcdef0123456789abcdef" };
    },
    listAgencyApiKeys: (request) => ({ keys: [record("key00001", target(request.agentId, request.forAgentId))] }),
    revokeAgencyApiKey(request) {
      if (request.keyId !== "key00001" || request.agentId !== "agt_agency") {
        throw toConnectError(new DomainError("AUTH_NOT_FOUND", `API key ${request.keyId} not found`));
      }
      return { key: record(request.keyId, "agt_branch_a", true) };
    },
  };
}

const post = (path: string, payload: unknown, key: string) =>
  gateway.app.inject({
    method: "POST",
    url: `/api/v1/agency/api-keys/${path}`,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(payload),
  });

describe("agency API keys on the primary surface", () => {
  it("issues a key for a sub-agent on the calling key's authority, shown once", async () => {
    const seen: IssueAgencyApiKeyRequest[] = [];
    gateway = await testApp({ auth: fakeAuth(seen) });
    const res = await post("issue", { agent_id: "agt_branch_a", scopes: ["flight.search", "wallet.read"] }, AGENCY_KEY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      key: {
        key_id: "newkey01",
        agent_id: "agt_branch_a",
        prefix: "tk_test_",
        scopes: ["flight.search", "wallet.read"],
        created_at: "2027-01-15T08:00:00.000Z",
        last_used_at: null,
        expires_at: null,
        revoked_at: null,
      },
      api_key: "tk_test_newkey01_0123456789abcdef0123456789abcdef",
    });
    expect(seen[0]).toMatchObject({
      agentId: "agt_agency",
      issuerKeyId: "agencyAA",
      forAgentId: "agt_branch_a",
      scopes: [Scope.FLIGHT_SEARCH, Scope.WALLET_READ],
    });
  });

  it("lists and revokes within the subtree, and answers 404 outside it", async () => {
    gateway = await testApp({ auth: fakeAuth([]) });
    expect((await post("list", { agent_id: "agt_branch_a" }, AGENCY_KEY)).json().keys[0].agent_id).toBe("agt_branch_a");
    expect((await post("revoke", { key_id: "key00001" }, AGENCY_KEY)).json().key.revoked_at).toBe("2027-01-15T08:01:00.000Z");
    expectEnvelope(await post("list", { agent_id: "agt_branch_b" }, BRANCH_KEY), "AUTH_NOT_FOUND");
    expectEnvelope(await post("list", { agent_id: "agt_agency" }, BRANCH_KEY), "AUTH_NOT_FOUND");
    expectEnvelope(await post("issue", { agent_id: "agt_branch_b" }, BRANCH_KEY), "AUTH_NOT_FOUND");
    expectEnvelope(await post("revoke", { key_id: "key00001" }, BRANCH_KEY), "AUTH_NOT_FOUND");
  });

  it("refuses unknown scopes and keys without agency.manage", async () => {
    gateway = await testApp({ auth: fakeAuth([]) });
    const bad = expectEnvelope(await post("issue", { scopes: ["everything"] }, AGENCY_KEY), "VALIDATION_FAILED");
    expect(bad.error.errors?.[0]?.field).toBe("scopes[0]");
    await gateway.app.close();
    gateway = await testApp();
    expectEnvelope(await post("list", {}, keys.valid), "AUTH_FORBIDDEN");
  });
});
