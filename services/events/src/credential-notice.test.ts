import { describe, expect, it } from "vitest";
import { noticeBody, noticeSubject, parseNotice, type CredentialNotice } from "./credential-notice.js";

describe("credential notices on the wire", () => {
  const notices: CredentialNotice[] = [
    { kind: "api_key.revoked", agentId: "agt_1", keyId: "key_1" },
    { kind: "session.revoked", agentId: "agt_1", sessionId: "ses_1" },
    { kind: "agent.suspended", agentId: "agt_1" },
    { kind: "agent.reactivated", agentId: "agt_1" },
    { kind: "agent.billing_changed", agentId: "agt_1" },
  ];

  it("reads back every kind as it was sent, in snake_case", () => {
    for (const notice of notices) expect(parseNotice(noticeBody(notice))).toEqual(notice);
    expect(JSON.parse(noticeBody(notices[0]!))).toEqual({ kind: "api_key.revoked", agent_id: "agt_1", key_id: "key_1" });
  });

  it("ignores what is not a notice this version knows", () => {
    for (const text of [
      "not json",
      "null",
      '{"kind":"api_key.revoked","agent_id":"agt_1"}',
      '{"kind":"session.revoked","agent_id":"agt_1","session_id":""}',
      '{"kind":"agent.deleted","agent_id":"agt_1"}',
      '{"kind":"agent.suspended"}',
    ]) {
      expect(parseNotice(text), text).toBeUndefined();
    }
  });

  it("goes on a subject the events stream (<prefix>.>) does not hold", () => {
    expect(noticeSubject("tarmac")).toBe("notices.tarmac.credentials");
    expect(noticeSubject("tarmac").startsWith("tarmac.")).toBe(false);
  });
});
