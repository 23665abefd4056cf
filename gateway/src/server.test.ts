import { type AddressInfo, connect, createServer } from "node:net";
import type { DescService } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { parseConfig, type ServiceHost, startServiceHost } from "@tarmac/kernel";
import { developmentCallerAuth, everyMethodFor, silentLogger } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { gatewayConfigSchema } from "./config.js";
import type { ServiceClients } from "./clients.js";
import { type RunningGateway, startGateway } from "./server.js";
import { searchPage } from "./testing/canned-offers.js";
import { fakeAuth, fakeSearch, fakeServiceClients, keys, newCalls } from "./testing/fake-services.js";
import { searchBody } from "./testing/test-app.js";

const logger = silentLogger();
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.stop();
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function gatewayWith(urls: Record<string, string>, clients?: ServiceClients): Promise<RunningGateway> {
  const config = parseConfig(gatewayConfigSchema, { PORT: "0", METRICS_PORT: "0", ...urls });
  const gateway = await startGateway(config, logger, clients ? { clients } : {});
  running.push(gateway);
  return gateway;
}

async function host<S extends DescService>(name: string, service: S, impl?: Partial<ServiceImpl<S>>) {
  const started: ServiceHost = await startServiceHost({
    name,
    port: 0,
    services: [service],
    routes: (router) => {
      if (impl) router.service(service, impl);
    },
    logger,
    callerAuth: developmentCallerAuth(),
    callerPolicy: everyMethodFor([service], "gateway"),
  });
  running.push(started);
  return started;
}

const search = (gateway: RunningGateway, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/v1/flight/search`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": keys.valid, ...headers },
    body: JSON.stringify(searchBody),
  });

describe("startGateway over real gRPC peers", () => {
  it("serves search and readiness through HTTP/2 service hosts, forwarding the request id", async () => {
    const calls = newCalls();
    const [searchHost, authHost, fare, booking, wallet, webhooks] = await Promise.all([
      host("search", SearchService, fakeSearch(calls)),
      host("auth", AuthService, fakeAuth(calls)),
      host("fare", FareService),
      host("booking", BookingService),
      host("wallet", WalletService),
      host("webhooks", WebhookService),
    ]);
    const gateway = await gatewayWith({
      SEARCH_URL: searchHost.url,
      AUTH_URL: authHost.url,
      FARE_URL: fare.url,
      BOOKING_URL: booking.url,
      WALLET_URL: wallet.url,
      WEBHOOKS_URL: webhooks.url,
    });
    expect(gateway.port).toBeGreaterThan(0);

    const response = await search(gateway, { "x-request-id": "e2e-1" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { search_id: string }).search_id).toBeTruthy();
    expect(calls.requestIds).toEqual(["e2e-1", "e2e-1"]);

    const ready = await fetch(`${gateway.operationsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe("ready");
  });

  it("answers 503 UNAVAILABLE when the peers are down, for readiness and for search", async () => {
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}`;
    const gateway = await gatewayWith({
      SEARCH_URL: url,
      FARE_URL: url,
      BOOKING_URL: url,
      WALLET_URL: url,
      AUTH_URL: url,
      WEBHOOKS_URL: url,
    });

    const ready = await fetch(`${gateway.operationsUrl}/readyz`);
    expect(ready.status).toBe(503);
    const readyBody = (await ready.json()) as { error: { code: string; message: string } };
    expect(readyBody.error.code).toBe("UNAVAILABLE");
    expect(readyBody.error.message).toBe(
      "Not ready: search (UNREACHABLE), fare (UNREACHABLE), booking (UNREACHABLE), wallet (UNREACHABLE), auth (UNREACHABLE), webhooks (UNREACHABLE)",
    );

    const response = await search(gateway);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { trace_id: string; error: { code: string; retryable: boolean } };
    expect(body.error).toMatchObject({ code: "UNAVAILABLE", retryable: true });
    expect(response.headers.get("x-request-id")).toBe(body.trace_id);
  });

  it("answers a request Node cannot parse with the envelope and closes the connection", async () => {
    const gateway = await gatewayWith({});
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(gateway.port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const traceId = /x-request-id: (\S+)/i.exec(raw)?.[1];
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as { trace_id: string; error: object };
    expect(body).toEqual({
      trace_id: traceId,
      error: { category: "VALIDATION", code: "VALIDATION_FAILED", message: "Malformed HTTP request", retryable: false },
    });
  });

  it("answers a body over 1 MiB with its 413 envelope and reads the rest, rather than resetting the connection", async () => {
    const gateway = await gatewayWith({}, fakeServiceClients().clients);
    const size = 4 * 1_048_576;
    const result = await new Promise<{ raw: string; error?: Error }>((resolve) => {
      const socket = connect(gateway.port, "127.0.0.1");
      let raw = "";
      socket.on("data", (chunk) => (raw += chunk.toString()));
      socket.on("error", (error) => resolve({ raw, error }));
      socket.on("close", () => resolve({ raw }));
      socket.write(
        "POST /api/v1/flight/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          `X-API-Key: ${keys.valid}\r\nContent-Length: ${size}\r\n\r\n`,
      );
      // The whole body, in chunks, as a client uploading it would: the server answers before the end.
      const chunk = Buffer.alloc(65_536, 0x20);
      let sent = 0;
      const writeMore = (): void => {
        while (sent < size) {
          sent += chunk.length;
          if (!socket.write(chunk)) {
            socket.once("drain", writeMore);
            return;
          }
        }
        // Everything sent: once the answer is in, end our side.
        const finish = (): void => {
          if (raw.includes("\r\n\r\n{")) socket.end();
          else setTimeout(finish, 10);
        };
        finish();
      };
      writeMore();
    });
    expect(result.error).toBeUndefined();
    expect(result.raw).toMatch(/^HTTP\/1\.1 413 /);
    const body = JSON.parse(result.raw.slice(result.raw.indexOf("\r\n\r\n") + 4)) as { error: { code: string } };
    expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("stops listening on stop()", async () => {
    const gateway = await gatewayWith({});
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    await gateway.stop();
    await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
  });

  it("finishes in-flight requests on stop() and answers requests arriving meanwhile with 503", async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { clients } = fakeServiceClients({ search: () => slow.then(() => searchPage()) });
    const gateway = await gatewayWith({}, clients);
    const payload = JSON.stringify(searchBody);
    const socket = connect(gateway.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    // Pipelined: the second request waits behind the first, which is still running when stop() starts.
    socket.write(
      "POST /api/v1/flight/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `X-API-Key: ${keys.valid}\r\nContent-Length: ${payload.length}\r\n\r\n${payload}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = gateway.stop();
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await closed;
    await stopped;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    const envelope = JSON.parse(second?.slice(second.indexOf("\r\n\r\n") + 4) ?? "") as { error: object };
    expect(envelope.error).toEqual({
      category: "SYSTEM",
      code: "UNAVAILABLE",
      message: "The gateway is shutting down, please retry",
      retryable: true,
    });
  });
});
