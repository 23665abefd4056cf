import { natsAddress, requireJetStream, TcpProxy, uniqueStream } from "@tarmac/events/testing";
import { silentLogger } from "@tarmac/kernel/testing";
import type { JetStreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { eventually } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/**
 * Readiness follows NATS: the stack talks to a real NATS JetStream on 127.0.0.1:4222 through a TCP
 * proxy this test takes down and brings back. Booking and wallet publish events, so they (and
 * only they) report NOT_SERVING while NATS is unreachable, and /readyz says so until it is back.
 */
describe("readiness with NATS", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let proxy: TcpProxy;
  let stack: Stack;
  const { streamName, subjectPrefix } = uniqueStream();

  beforeAll(async () => {
    ({ nc, jsm } = await requireJetStream());
    proxy = await TcpProxy.start(natsAddress());
    const env = {
      TARMAC_ENV: "test",
      NATS_URL: proxy.url,
      NATS_STREAM: streamName,
      NATS_SUBJECT_PREFIX: subjectPrefix,
      READINESS_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
  }, 30_000);

  afterAll(async () => {
    await stack?.stop();
    await proxy?.down();
    await jsm?.streams.delete(streamName).catch(() => undefined);
    await nc?.close();
  });

  const readyz = async () => {
    const res = await fetch(`${stack.gatewayOperationsUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as { status?: string; error?: { code: string; message: string } } };
  };

  /** How long a transition may take: readiness rounds (100 ms) and, coming back, NATS's reconnect wait (2 s). */
  const BOUND_MS = 10_000;

  it("reports not ready with NATS stopped, naming booking, wallet and webhooks (nats), and recovers after NATS returns", async () => {
    // The stack started with NATS reachable: the stream is in place and every service serves.
    expect(await readyz()).toMatchObject({ status: 200, body: { status: "ready" } });

    await proxy.down();
    const down = Date.now();
    const bothDown = "Not ready: booking (NOT_SERVING: nats), wallet (NOT_SERVING: nats), webhooks (NOT_SERVING: nats)";
    // Booking and wallet check on their own schedules: wait for the answer naming both.
    const notReady = await eventually(async () => {
      const res = await readyz();
      return res.status === 503 && res.body.error?.message === bothDown ? res : undefined;
    }, BOUND_MS);
    const tookDown = Date.now() - down;
    expect(notReady.body.error).toMatchObject({ code: "UNAVAILABLE", message: bothDown });
    // Still not ready a while later: no flapping back while NATS is away.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readyz()).toMatchObject({ status: 503, body: { error: { message: bothDown } } });

    await proxy.up();
    const ready = await eventually(async () => {
      const res = await readyz();
      return res.status === 200 ? res : undefined;
    }, BOUND_MS);
    expect(ready.body).toMatchObject({ status: "ready" });
    // Going down takes a readiness round or two (about 150 ms here); coming back NATS's reconnect
    // wait (about 1.5 s). Bounded loosely, for loaded machines.
    expect(tookDown).toBeLessThan(5_000);
  }, 40_000);

  it("starts with NATS unreachable, not ready until NATS appears, then ready with the stream created", async () => {
    const late = uniqueStream();
    const lateProxy = await TcpProxy.start(natsAddress());
    await lateProxy.down();
    const env = {
      TARMAC_ENV: "test",
      NATS_URL: lateProxy.url,
      NATS_STREAM: late.streamName,
      NATS_SUBJECT_PREFIX: late.subjectPrefix,
      READINESS_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    const lateStack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    try {
      const res = await fetch(`${lateStack.gatewayOperationsUrl}/readyz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Not ready: booking (NOT_SERVING: nats), wallet (NOT_SERVING: nats), webhooks (NOT_SERVING: nats)",
      );
      await lateProxy.up();
      await eventually(async () => ((await fetch(`${lateStack.gatewayOperationsUrl}/readyz`)).status === 200 ? true : undefined), BOUND_MS);
      // Ready means the stream is in place: the services created it on connecting.
      expect((await jsm.streams.info(late.streamName)).config.subjects).toEqual([`${late.subjectPrefix}.>`]);
    } finally {
      await lateStack.stop();
      await lateProxy.down();
      await jsm.streams.delete(late.streamName).catch(() => undefined);
    }
  }, 40_000);
});
