import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceClient } from "./clients.js";
import { freePort } from "./free-port.js";
import { startServiceHost, type ServiceHost } from "./service-host.js";
import { developmentCallerAuth, everyMethodFor, testCredential } from "./testing/caller-access.js";
import { silentLogger } from "./testing/silent-logger.js";

/**
 * Three replicas of a service on one port at 127.0.0.1, .2 and .3 (every 127/8 address is
 * loopback on Linux), as a headless Service's DNS name would list three pods.
 */
describe("balancedTransport across replicas", () => {
  const hosts: ServiceHost[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
  });

  const replicas = async (addresses: readonly string[], port: number) => {
    const calls = new Map<string, number>(addresses.map((a) => [a, 0]));
    for (const address of addresses) {
      hosts.push(
        await startServiceHost({
          name: `search-${address}`,
          host: address,
          port,
          services: [SearchService],
          routes: (router) =>
            router.service(SearchService, {
              searchFlights: () => {
                calls.set(address, (calls.get(address) ?? 0) + 1);
                return {};
              },
            }),
          logger: silentLogger(),
          callerAuth: developmentCallerAuth(),
          callerPolicy: everyMethodFor([SearchService]),
        }),
      );
    }
    return calls;
  };

  it("spreads one client's calls evenly over every replica the name resolves to", async () => {
    const port = await freePort();
    const addresses = ["127.0.0.1", "127.0.0.2", "127.0.0.3"];
    const calls = await replicas(addresses, port);
    const client = createServiceClient(SearchService, `http://search-peers.test:${port}`, {
      credential: testCredential("admin"),
      balancing: { resolve: () => Promise.resolve(addresses) },
    });
    for (let i = 0; i < 30; i++) await client.searchFlights({});
    expect(Object.fromEntries(calls)).toEqual({ "127.0.0.1": 10, "127.0.0.2": 10, "127.0.0.3": 10 });
  });

  it("sends calls to a replica added later, and none to one that left, once the name is resolved again", async () => {
    const port = await freePort();
    const calls = await replicas(["127.0.0.1", "127.0.0.2", "127.0.0.3"], port);
    let current = ["127.0.0.1", "127.0.0.2"];
    const client = createServiceClient(SearchService, `http://search-peers.test:${port}`, {
      credential: testCredential("admin"),
      balancing: { resolve: () => Promise.resolve(current), refreshMs: 50 },
    });
    for (let i = 0; i < 4; i++) await client.searchFlights({});
    expect(Object.fromEntries(calls)).toEqual({ "127.0.0.1": 2, "127.0.0.2": 2, "127.0.0.3": 0 });
    // The autoscaler adds .3 and the rollout removes .1.
    current = ["127.0.0.2", "127.0.0.3"];
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 4; i++) await client.searchFlights({});
    expect(Object.fromEntries(calls)).toEqual({ "127.0.0.1": 2, "127.0.0.2": 4, "127.0.0.3": 2 });
  });

  it("without balancing, one client's calls all reach the replica its connection went to", async () => {
    const port = await freePort();
    const calls = await replicas(["127.0.0.1", "127.0.0.2", "127.0.0.3"], port);
    const client = createServiceClient(SearchService, `http://127.0.0.2:${port}`, {
      credential: testCredential("admin"),
      balancing: false,
    });
    for (let i = 0; i < 9; i++) await client.searchFlights({});
    expect(Object.fromEntries(calls)).toEqual({ "127.0.0.1": 0, "127.0.0.2": 9, "127.0.0.3": 0 });
  });
});
