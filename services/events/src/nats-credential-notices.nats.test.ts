import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CredentialNotice, NoticesMissed } from "./credential-notice.js";
import { NatsCredentialNotices } from "./nats-credential-notices.js";
import { captureLogger, LEVEL } from "./testing/capture-logger.js";
import { NATS_URL, natsAddress, requireJetStream, uniqueStream } from "./testing/nats.js";
import { TcpProxy } from "./testing/tcp-proxy.js";
import { waitFor } from "./testing/wait-for.js";

describe("credential notices on core NATS", () => {
  const { subjectPrefix } = uniqueStream();
  const opened: NatsCredentialNotices[] = [];
  const open = (servers = NATS_URL, logger = silentLogger()) => {
    const notices = new NatsCredentialNotices({ servers, logger, subjectPrefix, reconnectWaitMs: 100 });
    opened.push(notices);
    return notices;
  };
  const revoked: CredentialNotice = { kind: "api_key.revoked", agentId: "agt_1", keyId: "key_1" };

  beforeAll(async () => {
    await (await requireJetStream()).nc.close();
  });
  afterAll(async () => {
    for (const notices of opened.splice(0)) await notices.close();
  });

  it("reaches every subscribed replica (no shared consumer), each told first that it may have missed some", async () => {
    const auth = open();
    const replicas = [open(), open()];
    const received = replicas.map(() => [] as (CredentialNotice | NoticesMissed)[]);
    replicas.forEach((replica, i) => replica.subscribe((n) => received[i]!.push(n)));
    await waitFor("every subscription in place", () => auth.connected && received.every((r) => r.length === 1));
    await auth.publish(revoked);
    await waitFor("both replicas", () => received.every((r) => r.some((n) => n.kind === "api_key.revoked")));
    for (const r of received) expect(r).toEqual([{ kind: "missed" }, revoked]);
  });

  it("publish answers at once and logs while NATS is unreachable; a replica back from an outage hears it missed notices", async () => {
    const proxy = await TcpProxy.start(natsAddress());
    try {
      const { logger, lines } = captureLogger();
      const auth = open(proxy.url, logger);
      const replica = open(proxy.url);
      const received: string[] = [];
      replica.subscribe((n) => received.push(n.kind));
      await waitFor("connections", () => auth.connected && replica.connected);
      await waitFor("first missed", () => received.length === 1);
      await proxy.down();
      await waitFor("the outage noticed", () => !auth.connected);
      const started = performance.now();
      await auth.publish(revoked);
      expect(performance.now() - started).toBeLessThan(100);
      expect(lines.some((l) => l.level === LEVEL.warn && l.msg.includes("not sent"))).toBe(true);
      await proxy.up();
      await waitFor("the replica reconnected and told", () => received.length === 2, 10_000);
      expect(received).toEqual(["missed", "missed"]);
    } finally {
      await proxy.down();
    }
  }, 20_000);
});
