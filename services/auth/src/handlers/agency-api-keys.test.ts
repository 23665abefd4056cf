import { create } from "@bufbuild/protobuf";
import { failureOf } from "@tarmac/kernel/testing";
import {
  AgentStatus,
  CreateSubAgentRequestSchema,
  IssueAgencyApiKeyRequestSchema,
  IssueApiKeyRequestSchema,
  ListAgencyApiKeysRequestSchema,
  RevokeAgencyApiKeyRequestSchema,
  Scope,
  VerifyApiKeyRequestSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { authFixture, type AuthFixture } from "../testing/auth-fixture.js";

describe("AuthServiceImpl: keys an agency issues for itself and its sub-agents", () => {
  let f: AuthFixture;
  let issuerKeyId: string;
  let branchA: string;
  let branchB: string;

  beforeEach(async () => {
    f = await authFixture();
    const issuer = await f.service.issueApiKey(
      create(IssueApiKeyRequestSchema, {
        agentId: f.agent.id,
        scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK, Scope.WALLET_READ, Scope.AGENCY_MANAGE],
        sandbox: true,
      }),
    );
    issuerKeyId = issuer.key!.keyId;
    const sub = (name: string) => f.service.createSubAgent(create(CreateSubAgentRequestSchema, { agentId: f.agent.id, name }));
    branchA = (await sub("A")).agent!.agentId;
    branchB = (await sub("B")).agent!.agentId;
  });

  const issue = (fields: { agentId?: string; issuerKeyId?: string; forAgentId?: string; scopes?: Scope[] }) =>
    f.service.issueAgencyApiKey(create(IssueAgencyApiKeyRequestSchema, { agentId: f.agent.id, issuerKeyId, ...fields }));
  const list = (agentId: string, forAgentId = "") =>
    f.service.listAgencyApiKeys(create(ListAgencyApiKeysRequestSchema, { agentId, forAgentId }));
  const revoke = (agentId: string, keyId: string) =>
    f.service.revokeAgencyApiKey(create(RevokeAgencyApiKeyRequestSchema, { agentId, keyId }));
  const verify = (apiKey: string) => f.service.verifyApiKey(create(VerifyApiKeyRequestSchema, { apiKey }));
  const codeOf = async (call: Promise<unknown>) => (await failureOf(call)).code;

  it("issues a sub-agent a key that acts as the sub-agent, with the issuer's scopes but agency.manage, sandbox like it", async () => {
    const { apiKey, key } = await issue({ forAgentId: branchA });
    expect(apiKey.startsWith("tk_test_")).toBe(true);
    expect(key?.scopes).toEqual([Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK, Scope.WALLET_READ]);
    expect(await verify(apiKey)).toMatchObject({ agentId: branchA, agentStatus: AgentStatus.ACTIVE });
    expect((await list(f.agent.id, branchA)).keys.map((k) => k.keyId)).toEqual([key!.keyId]);
    // The agency's own keys, without for_agent_id.
    expect((await list(f.agent.id)).keys.map((k) => k.keyId)).toEqual([issuerKeyId]);
  });

  it("never gives more scopes than the issuing key has", async () => {
    expect(await codeOf(issue({ forAgentId: branchA, scopes: [Scope.WEBHOOKS_MANAGE] }))).toBe("AUTH_FORBIDDEN");
    expect((await issue({ scopes: [Scope.FLIGHT_SEARCH] })).key?.scopes).toEqual([Scope.FLIGHT_SEARCH]);
  });

  it("refuses an issuer key that is not the agency's own live key", async () => {
    const subKey = await issue({ forAgentId: branchA });
    expect(await codeOf(issue({ issuerKeyId: subKey.key!.keyId }))).toBe("AUTH_FORBIDDEN");
    await revoke(f.agent.id, issuerKeyId);
    expect(await codeOf(issue({ forAgentId: branchA }))).toBe("AUTH_FORBIDDEN");
  });

  it("keeps every key call inside the subtree: no sibling, parent or other tree", async () => {
    const subKey = await issue({ forAgentId: branchA, scopes: [Scope.FLIGHT_SEARCH, Scope.AGENCY_MANAGE] });
    const subIssuer = subKey.key!.keyId;
    // The sub-agent, acting with its own key: neither its sibling nor its parent.
    expect(await codeOf(issue({ agentId: branchA, issuerKeyId: subIssuer, forAgentId: branchB }))).toBe("AUTH_NOT_FOUND");
    expect(await codeOf(issue({ agentId: branchA, issuerKeyId: subIssuer, forAgentId: f.agent.id }))).toBe("AUTH_NOT_FOUND");
    expect(await codeOf(list(branchA, branchB))).toBe("AUTH_NOT_FOUND");
    expect(await codeOf(list(branchA, f.agent.id))).toBe("AUTH_NOT_FOUND");
    expect(await codeOf(revoke(branchA, issuerKeyId))).toBe("AUTH_NOT_FOUND");
    // Another agency reaching into the tree.
    await f.store.saveAgent({ ...f.agent, id: "agt_other" });
    expect(await codeOf(list("agt_other", branchA))).toBe("AUTH_NOT_FOUND");
    expect(await codeOf(revoke("agt_other", subIssuer))).toBe("AUTH_NOT_FOUND");
    // Its own keys, and its parent revoking one of them.
    expect((await list(branchA)).keys.map((k) => k.keyId)).toEqual([subIssuer]);
    const revoked = await revoke(f.agent.id, subIssuer);
    expect(revoked.key?.revokedAt).toBeDefined();
    expect(await codeOf(verify(subKey.apiKey))).toBe("AUTH_INVALID_API_KEY");
  });
});
