import { create } from "@bufbuild/protobuf";
import { BillingDetailsSchema, OtpChannel } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { CredentialNotice } from "@tarmac/events";
import { beforeEach, describe, expect, it } from "vitest";
import { authFixture, type AuthFixture } from "./testing/auth-fixture.js";

/** What auth announces, before answering, when a credential stops (or starts again) being good, or billing details change. */
describe("AuthServiceImpl: credential notices", () => {
  let f: AuthFixture;
  let sent: CredentialNotice[];
  beforeEach(async () => {
    sent = [];
    f = await authFixture({ notices: { publish: async (notice) => void sent.push(notice) } });
  });

  const issue = async () =>
    (await f.service.issueApiKey({ $typeName: "tarmac.auth.v1.IssueApiKeyRequest", agentId: f.agent.id, scopes: [], sandbox: true })).key!
      .keyId;

  it("announces a revoked key (a repeat too), and a key rotated without grace, but not one rotated with grace", async () => {
    const keyId = await issue();
    await f.service.revokeApiKey({ $typeName: "tarmac.auth.v1.RevokeApiKeyRequest", keyId });
    await f.service.revokeApiKey({ $typeName: "tarmac.auth.v1.RevokeApiKeyRequest", keyId });
    const graced = await issue();
    await f.service.rotateApiKey({ $typeName: "tarmac.auth.v1.RotateApiKeyRequest", keyId: graced, gracePeriodSeconds: 60 });
    const abrupt = await issue();
    await f.service.rotateApiKey({ $typeName: "tarmac.auth.v1.RotateApiKeyRequest", keyId: abrupt, gracePeriodSeconds: 0 });
    const revoked = (id: string): CredentialNotice => ({ kind: "api_key.revoked", agentId: f.agent.id, keyId: id });
    expect(sent).toEqual([revoked(keyId), revoked(keyId), revoked(abrupt)]);
  });

  it("announces suspension and reactivation", async () => {
    await f.service.suspendAgent({ $typeName: "tarmac.auth.v1.SuspendAgentRequest", agentId: f.agent.id, reason: "" });
    await f.service.reactivateAgent({ $typeName: "tarmac.auth.v1.ReactivateAgentRequest", agentId: f.agent.id });
    expect(sent).toEqual([
      { kind: "agent.suspended", agentId: f.agent.id },
      { kind: "agent.reactivated", agentId: f.agent.id },
    ]);
  });

  it("announces a change of billing details, so booking reads them again for the agency's next booking", async () => {
    await f.service.setAgentBilling({
      $typeName: "tarmac.auth.v1.SetAgentBillingRequest",
      agentId: f.agent.id,
      billing: create(BillingDetailsSchema, {
        gstin: "29AAGCB7383J1Z4",
        legalName: "Fixture Travels Private Limited",
        address: { lines: ["12 MG Road"], city: "Bengaluru", state: "Karnataka", pinCode: "560001", country: "IN" },
        email: "accounts@fixture.test",
      }),
    });
    expect(sent).toEqual([{ kind: "agent.billing_changed", agentId: f.agent.id }]);
  });

  it("announces a logout with the session's id, once, and nothing for an unknown token", async () => {
    await f.service.sendOtp({ $typeName: "tarmac.auth.v1.SendOtpRequest", identifier: f.user.email!, type: OtpChannel.EMAIL });
    await f.service.settled();
    const code = f.outbox.latestCode(f.user.email!)!;
    const token = (await f.service.verifyOtp({ $typeName: "tarmac.auth.v1.VerifyOtpRequest", identifier: f.user.email!, code }))
      .verificationToken;
    const { sessionId } = await f.service.verifyToken({ $typeName: "tarmac.auth.v1.VerifyTokenRequest", token });
    await f.service.logout({ $typeName: "tarmac.auth.v1.LogoutRequest", token });
    await f.service.logout({ $typeName: "tarmac.auth.v1.LogoutRequest", token });
    await f.service.logout({ $typeName: "tarmac.auth.v1.LogoutRequest", token: `tk_sess_${"x".repeat(43)}` });
    expect(sent).toEqual([{ kind: "session.revoked", agentId: f.agent.id, sessionId }]);
  });
});
