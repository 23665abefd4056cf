import { createServer, type Http2Server } from "node:http2";
import { Code, ConnectError, createClient, type Interceptor, type Transport } from "@connectrpc/connect";
import { connectNodeAdapter, createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { Health, HealthCheckResponse_ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../errors/domain-error.js";
import { freePort } from "../free-port.js";
import { errorInterceptor } from "../interceptors.js";
import { silentLogger } from "../testing/silent-logger.js";
import { createUnaryGrpcTransport } from "./unary-grpc-transport.js";

/** What the peer saw of the last call: its headers, and whether its signal aborted. */
const seen: { header?: Headers; aborted?: Promise<unknown> } = {};
const stamp: Interceptor = (next) => (req) => {
  req.header.set("x-stamp", "interceptor");
  return next(req);
};

let server: Http2Server;
let baseUrl: string;
beforeAll(async () => {
  const handler = connectNodeAdapter({
    interceptors: [errorInterceptor(silentLogger())],
    routes: (router) => {
      router.service(SearchService, {
        searchFlights(req, context) {
          seen.header = context.requestHeader;
          seen.aborted = new Promise((resolve) => context.signal.addEventListener("abort", resolve));
          context.responseHeader.set("x-answer", "header");
          context.responseTrailer.set("x-answer-trailer", "trailer");
          if (req.cursor === "refuse") throw new DomainError("SEARCH_CURSOR_INVALID", "The cursor is not valid; start a new search");
          if (req.cursor === "hang") return new Promise(() => undefined);
          return { searchId: `srch_${req.agentId}`, count: 3, cursor: "x".repeat(20_000) };
        },
      });
      router.service(Health, {
        check: () => ({ status: HealthCheckResponse_ServingStatus.SERVING }),
        async *watch() {
          yield { status: HealthCheckResponse_ServingStatus.SERVING };
          yield { status: HealthCheckResponse_ServingStatus.NOT_SERVING };
        },
        list: () => ({}),
      });
    },
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
const opened: Http2SessionManager[] = [];
afterAll(async () => {
  for (const sessions of opened) sessions.abort();
  await new Promise((resolve) => server.close(resolve));
});

function transports(url = baseUrl): { connect: Transport; unary: Transport } {
  const sessions = new Http2SessionManager(url);
  opened.push(sessions);
  const options = { baseUrl: url, defaultTimeoutMs: 2_000, interceptors: [stamp] };
  const connect = createGrpcTransport({ ...options, sessionManager: sessions, acceptCompression: [] });
  return { connect, unary: createUnaryGrpcTransport({ ...options, sessions, streams: connect }) };
}

describe("createUnaryGrpcTransport", () => {
  it("answers what Connect's gRPC transport answers and sends the peer the same headers", async () => {
    const { connect, unary } = transports();
    const answers = [];
    for (const transport of [connect, unary]) {
      const meta: { header?: Headers; trailer?: Headers } = {};
      const response = await createClient(SearchService, transport).searchFlights(
        { agentId: "agt_1" },
        { headers: { "x-request-id": "r-1" }, timeoutMs: 1_500, onHeader: (h) => (meta.header = h), onTrailer: (t) => (meta.trailer = t) },
      );
      const header = seen.header;
      answers.push({
        response,
        answerHeader: meta.header?.get("x-answer"),
        answerTrailer: meta.trailer?.get("x-answer-trailer"),
        sent: ["content-type", "te", "x-request-id", "x-stamp", "user-agent"].map((name) => header?.get(name)),
        timeout: Number(/^(\d+)m$/.exec(header?.get("grpc-timeout") ?? "")?.[1]),
      });
    }
    const [viaConnect, viaUnary] = answers;
    expect(viaUnary).toMatchObject({ ...viaConnect, timeout: expect.any(Number) as number });
    expect(viaUnary?.response.cursor).toHaveLength(20_000);
    expect(viaUnary?.timeout).toBeGreaterThan(1_000);
    expect(viaUnary?.timeout).toBeLessThanOrEqual(1_500);
  });

  it("rejects with the peer's code, message and details, as Connect's transport does", async () => {
    const { connect, unary } = transports();
    const errors = await Promise.all(
      [connect, unary].map((t) =>
        createClient(SearchService, t)
          .searchFlights({ cursor: "refuse" })
          .catch((e: unknown) => e),
      ),
    );
    const [viaConnect, viaUnary] = errors.map((e) => ConnectError.from(e));
    expect(viaUnary?.code).toBe(Code.InvalidArgument);
    expect({ message: viaUnary?.message, details: viaUnary?.details }).toEqual({
      message: viaConnect?.message,
      details: viaConnect?.details,
    });
  });

  it("ends a call at its deadline with DEADLINE_EXCEEDED and cancels it at the peer", async () => {
    const started = Date.now();
    const error = await createClient(SearchService, transports().unary)
      .searchFlights({ cursor: "hang" }, { timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.DeadlineExceeded);
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(seen.aborted).resolves.toBeDefined();
  });

  it("ends a call when its caller's signal aborts, with CANCELED, and cancels it at the peer", async () => {
    const controller = new AbortController();
    const call = createClient(SearchService, transports().unary).searchFlights({ cursor: "hang" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(ConnectError.from(await call.catch((e: unknown) => e)).code).toBe(Code.Canceled);
    await expect(seen.aborted).resolves.toBeDefined();
  });

  it("rejects with UNAVAILABLE when nothing listens at the peer's address", async () => {
    const { unary } = transports(`http://127.0.0.1:${await freePort()}`);
    const error = await createClient(Health, unary)
      .check({})
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unavailable);
  });

  it("sends streaming calls through Connect's transport on the same sessions", async () => {
    const statuses = [];
    for await (const answer of createClient(Health, transports().unary).watch({})) statuses.push(answer.status);
    expect(statuses).toEqual([HealthCheckResponse_ServingStatus.SERVING, HealthCheckResponse_ServingStatus.NOT_SERVING]);
  });
});
