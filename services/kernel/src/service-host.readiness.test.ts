import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { startServiceHost, type ServiceHost } from "./service-host.js";
import { silentLogger } from "./testing/silent-logger.js";
import { developmentCallerAuth } from "./testing/caller-access.js";

/** The host reports health for the services it is given; grpc.health.v1 itself stands in for one. */
const SERVICE = Health.typeName;

describe("service host with dependencies", () => {
  let host: ServiceHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  async function start(nats: { up: boolean }) {
    host = await startServiceHost({
      name: "t",
      port: 0,
      services: [Health],
      routes: () => {},
      logger: silentLogger(),
      callerAuth: developmentCallerAuth(),
      callerPolicy: {},
      dependencies: [{ name: "nats", check: () => nats.up }],
      readinessIntervalMs: 20,
    });
    return createClient(Health, createGrpcTransport({ baseUrl: host.url }));
  }

  const statusOf = async (client: Awaited<ReturnType<typeof start>>, service: string) => (await client.check({ service })).status;

  async function eventually(read: () => Promise<ServingStatus>, expected: ServingStatus): Promise<void> {
    const deadline = Date.now() + 2_000;
    while ((await read()) !== expected) {
      if (Date.now() > deadline) throw new Error(`still not ${ServingStatus[expected]}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("starts while a dependency is down, NOT_SERVING until it is back, then SERVING again", async () => {
    const nats = { up: false };
    const client = await start(nats);
    expect(await statusOf(client, "")).toBe(ServingStatus.NOT_SERVING);
    expect(await statusOf(client, SERVICE)).toBe(ServingStatus.NOT_SERVING);
    expect(await statusOf(client, "dependency/nats")).toBe(ServingStatus.NOT_SERVING);

    nats.up = true;
    await eventually(() => statusOf(client, SERVICE), ServingStatus.SERVING);
    expect(await statusOf(client, "")).toBe(ServingStatus.SERVING);

    nats.up = false;
    await eventually(() => statusOf(client, ""), ServingStatus.NOT_SERVING);
    const { statuses } = await client.list({});
    expect(Object.fromEntries(Object.entries(statuses).map(([name, res]) => [name, res.status]))).toEqual({
      "": ServingStatus.NOT_SERVING,
      [SERVICE]: ServingStatus.NOT_SERVING,
      "dependency/nats": ServingStatus.NOT_SERVING,
    });
  });

  it("starts SERVING when every dependency answers at start", async () => {
    const client = await start({ up: true });
    expect(await statusOf(client, "")).toBe(ServingStatus.SERVING);
  });
});
