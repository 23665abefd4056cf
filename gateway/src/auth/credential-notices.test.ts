import type { CredentialNoticeListener, CredentialNoticeSource } from "@tarmac/events";
import { silentLogger } from "@tarmac/kernel/testing";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients, keys } from "../testing/fake-services.js";
import { searchRequest } from "../testing/test-app.js";

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** Notices as the gateway receives them (NATS or in process), sent by the test. */
class TestNotices implements CredentialNoticeSource {
  listener: CredentialNoticeListener | undefined;
  subscribe(listener: CredentialNoticeListener): () => void {
    this.listener = listener;
    return () => (this.listener = undefined);
  }
  send(notice: Parameters<CredentialNoticeListener>[0]): void {
    this.listener?.(notice);
  }
}

/** The gateway over fakes with a 1-minute credential cache and notices the test sends. */
async function gatewayWithNotices() {
  const notices = new TestNotices();
  const { clients, calls } = fakeServiceClients();
  app = build({ clients, logger: silentLogger(), authCacheTtlMs: 60_000, credentialNotices: notices });
  await app.ready();
  const search = async () => (await app!.inject(searchRequest())).statusCode;
  return { notices, calls, search };
}

describe("credential notices evict the gateway's credential cache", () => {
  it("asks auth again for a key after its api_key.revoked notice, and not after other credentials' notices", async () => {
    const { notices, calls, search } = await gatewayWithNotices();
    expect([await search(), await search()]).toEqual([200, 200]);
    expect(calls.verifyApiKey).toHaveLength(1);
    notices.send({ kind: "api_key.revoked", agentId: "agent_001", keyId: "key_other" });
    notices.send({ kind: "session.revoked", agentId: "agent_001", sessionId: "key_001" });
    notices.send({ kind: "agent.reactivated", agentId: "agent_001" });
    await search();
    expect(calls.verifyApiKey).toHaveLength(1);
    notices.send({ kind: "api_key.revoked", agentId: "agent_001", keyId: "key_001" });
    await search();
    expect(calls.verifyApiKey).toEqual([keys.valid, keys.valid]);
  });

  it("forgets every caller on any suspension (sub-agents go with their agency) and when notices were missed", async () => {
    const { notices, calls, search } = await gatewayWithNotices();
    await search();
    notices.send({ kind: "agent.suspended", agentId: "agt_some_agency" });
    await search();
    expect(calls.verifyApiKey).toHaveLength(2);
    notices.send({ kind: "missed" });
    await search();
    expect(calls.verifyApiKey).toHaveLength(3);
  });

  it("stops listening when the gateway closes", async () => {
    const { notices } = await gatewayWithNotices();
    expect(notices.listener).toBeDefined();
    await app!.close();
    app = undefined;
    expect(notices.listener).toBeUndefined();
  });
});
