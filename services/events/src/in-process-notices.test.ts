import { silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import type { CredentialNotice, NoticesMissed } from "./credential-notice.js";
import { InProcessNotices } from "./in-process-notices.js";

describe("InProcessNotices", () => {
  const revoked: CredentialNotice = { kind: "api_key.revoked", agentId: "agt_1", keyId: "key_1" };

  it("hands each notice to every subscriber before publish resolves, and none after unsubscribing", async () => {
    const notices = new InProcessNotices();
    const first: (CredentialNotice | NoticesMissed)[] = [];
    const second: (CredentialNotice | NoticesMissed)[] = [];
    notices.subscribe((n) => first.push(n));
    const off = notices.subscribe((n) => second.push(n));
    await notices.publish(revoked);
    expect(first).toEqual([revoked]);
    expect(second).toEqual([revoked]);
    off();
    await notices.publish({ kind: "agent.suspended", agentId: "agt_1" });
    expect(second).toEqual([revoked]);
    expect(first).toHaveLength(2);
  });

  it("never fails the publisher for a subscriber that throws", async () => {
    const notices = new InProcessNotices({ logger: silentLogger() });
    const got: string[] = [];
    notices.subscribe(() => {
      throw new Error("subscriber broke");
    });
    notices.subscribe((n) => got.push(n.kind));
    await expect(notices.publish(revoked)).resolves.toBeUndefined();
    expect(got).toEqual(["api_key.revoked"]);
  });
});
