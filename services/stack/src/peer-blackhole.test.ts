import { gatewayConfigSchema, startGateway, type RunningGateway } from "@tarmac/gateway";
import { parseConfig } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { BlackholeProxy } from "./testing/blackhole-proxy.js";

/**
 * A peer that stops answering (a partition, a frozen pod: no reset, nothing) behind a loopback
 * proxy: the gateway answers its client within its peer deadline, in the envelope, retryable, and
 * answers normally again once the peer does.
 */
describe("the gateway when a peer hangs", () => {
  let stack: Stack;
  let proxy: BlackholeProxy;
  let gateway: RunningGateway;

  beforeAll(async () => {
    stack = await startStack({ env: { TARMAC_ENV: "test" }, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    const wallet = new URL(stack.services.wallet!);
    proxy = await BlackholeProxy.start({ host: wallet.hostname, port: Number(wallet.port) });
    gateway = await startGateway(
      parseConfig(gatewayConfigSchema, {
        TARMAC_ENV: "test",
        PORT: "0",
        METRICS_PORT: "0",
        SEARCH_URL: stack.services.search,
        FARE_URL: stack.services.fare,
        BOOKING_URL: stack.services.booking,
        WALLET_URL: `http://127.0.0.1:${proxy.port}`,
        AUTH_URL: stack.services.auth,
      }),
      silentLogger(),
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await proxy.close();
    await stack.stop();
  });

  const balance = () =>
    fetch(`${gateway.url}/api/v1/wallet/balance`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": stack.apiKey },
      body: "{}",
    });

  it("answers 503 in the envelope within its peer deadline, never hangs with the peer", async () => {
    expect((await balance()).status).toBe(200);
    proxy.swallow();
    const started = Date.now();
    const res = await balance();
    const elapsed = Date.now() - started;
    const body = (await res.json()) as { error?: { code?: string; retryable?: boolean } };
    expect([res.status, body.error?.code, body.error?.retryable]).toEqual([503, "UNAVAILABLE", true]);
    // The peer deadline is 5 s; the answer comes with it, not after the client gives up.
    expect(elapsed).toBeLessThan(7_000);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
