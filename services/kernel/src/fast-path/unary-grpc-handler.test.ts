import { createServer, type Http2Server } from "node:http2";
import { Code, ConnectError, createClient, type Interceptor, type MethodImplSpec, type Transport } from "@connectrpc/connect";
import { connectNodeAdapter, createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { create, toBinary } from "@bufbuild/protobuf";
import { SearchFlightsResponseSchema, SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withEncoding } from "./encoded-answer.js";
import { DomainError } from "../errors/domain-error.js";
import { errorInterceptor } from "../interceptors.js";
import { silentLogger } from "../testing/silent-logger.js";
import { recordingRouter, withUnaryGrpcFastPath } from "./unary-grpc-handler.js";

/** What the implementation saw of the last call. */
const seen: { protocol?: string; stamp?: string | null; aborted?: Promise<unknown> } = {};
/** Resolved when a hanging call reaches the implementation. */
let hanging = deferred();
/** Calls Connect's own handler served (everything the fast path leaves to it). */
let fallbackCalls = 0;
const stamp: Interceptor = (next) => (req) => {
  req.header.set("x-stamp", "server interceptor");
  return next(req);
};

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let server: Http2Server;
let baseUrl: string;
beforeAll(async () => {
  const interceptors = [errorInterceptor(silentLogger()), stamp];
  const specs: MethodImplSpec[] = [];
  const connect = connectNodeAdapter({
    interceptors,
    routes: (router) =>
      recordingRouter(router, specs).service(SearchService, {
        searchFlights(req, context) {
          Object.assign(seen, { protocol: context.protocolName, stamp: context.requestHeader.get("x-stamp") });
          seen.aborted = new Promise((resolve) => context.signal.addEventListener("abort", () => resolve(context.signal.reason)));
          context.responseHeader.set("x-answer", "header");
          context.responseTrailer.set("x-answer-trailer", "trailer");
          if (req.cursor === "refuse") throw new DomainError("SEARCH_CURSOR_INVALID", "The cursor is not valid; start a new search");
          if (req.cursor === "crash") throw new Error("secret detail");
          if (req.cursor === "encoded") {
            // Recorded with another message's bytes, so that the test sees which of the two was sent.
            const init = { searchId: "srch_message", count: 1, cursor: "d".repeat(20_000) };
            const bytes = toBinary(SearchFlightsResponseSchema, create(SearchFlightsResponseSchema, { ...init, searchId: "srch_bytes" }));
            return withEncoding(create(SearchFlightsResponseSchema, init), [bytes.subarray(0, 7), bytes.subarray(7)]);
          }
          if (req.cursor === "hang") {
            hanging.resolve();
            return new Promise(() => undefined);
          }
          return { searchId: `srch_${req.agentId}`, count: 2, cursor: "c".repeat(70_000) };
        },
      }),
  });
  server = createServer(
    withUnaryGrpcFastPath(
      (req, res) => {
        fallbackCalls++;
        connect(req, res);
      },
      specs,
      interceptors,
      silentLogger(),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
});

const grpc = () => createGrpcTransport({ baseUrl, acceptCompression: [] });
const others = (): Transport[] => [
  createConnectTransport({ baseUrl, httpVersion: "2" }),
  createGrpcWebTransport({ baseUrl, httpVersion: "2" }),
  createGrpcTransport({ baseUrl, useBinaryFormat: false }),
];

async function answer(transport: Transport, cursor = "") {
  const meta: { header?: Headers; trailer?: Headers } = {};
  const response = await createClient(SearchService, transport)
    .searchFlights({ agentId: "agt_1", cursor }, { onHeader: (h) => (meta.header = h), onTrailer: (t) => (meta.trailer = t) })
    .catch((e: unknown) => ConnectError.from(e));
  if (response instanceof ConnectError) {
    // The Connect protocol adds a `debug` rendering to each detail: compared by type and bytes.
    const details = response.details.map((d) => ("type" in d ? { type: d.type, value: d.value } : d));
    return { code: response.code, message: response.rawMessage, details };
  }
  return { response, stamp: seen.stamp, header: meta.header?.get("x-answer"), trailer: meta.trailer?.get("x-answer-trailer") };
}

describe("withUnaryGrpcFastPath", () => {
  it("serves binary gRPC itself, with the interceptors, headers and trailers Connect's handler gives", async () => {
    const before = fallbackCalls;
    const fast = await answer(grpc());
    expect(fallbackCalls).toBe(before);
    // Work the implementation left running is told the call is over, as Connect's handler tells it.
    expect(ConnectError.from(await seen.aborted)).toMatchObject({ code: Code.Canceled, rawMessage: "the call has completed" });
    expect(fast).toMatchObject({ stamp: "server interceptor", header: "header", trailer: "trailer" });
    for (const transport of others()) expect(await answer(transport)).toEqual(fast);
    expect(fallbackCalls).toBe(before + others().length);
  });

  it("sends an answer recorded with its encoding as those bytes, not encoded again; other protocols encode the message", async () => {
    const before = fallbackCalls;
    const fast = await answer(grpc(), "encoded");
    expect(fallbackCalls).toBe(before);
    expect(fast).toMatchObject({ response: { searchId: "srch_bytes", count: 1, cursor: "d".repeat(20_000) }, header: "header" });
    for (const transport of others()) expect(await answer(transport, "encoded")).toMatchObject({ response: { searchId: "srch_message" } });
  });

  it("answers errors as Connect's handler does: the domain error's code and details, no detail of a crash", async () => {
    for (const cursor of ["refuse", "crash"]) {
      const fast = await answer(grpc(), cursor);
      expect(fast).toEqual(await answer(others()[0]!, cursor));
      expect(JSON.stringify(fast)).not.toContain("secret");
    }
    expect(await answer(grpc(), "refuse")).toMatchObject({ code: Code.InvalidArgument });
  });

  it("aborts the implementation's signal when the caller cancels or its deadline passes", async () => {
    const controller = new AbortController();
    hanging = deferred();
    const call = createClient(SearchService, grpc()).searchFlights({ cursor: "hang" }, { signal: controller.signal });
    await hanging.promise;
    controller.abort();
    await call.catch(() => undefined);
    expect(ConnectError.from(await seen.aborted).code).toBe(Code.Canceled);
    // A deadline the caller states but does not enforce itself: only the server's own bound can fire.
    const statesDeadline: Interceptor = (next) => (req) => {
      req.header.set("grpc-timeout", "100m");
      return next(req);
    };
    const patient = new AbortController();
    const transport = createGrpcTransport({ baseUrl, acceptCompression: [], interceptors: [statesDeadline] });
    hanging = deferred();
    const late = createClient(SearchService, transport).searchFlights({ cursor: "hang" }, { signal: patient.signal, timeoutMs: 10_000 });
    await hanging.promise;
    expect(ConnectError.from(await seen.aborted).code).toBe(Code.DeadlineExceeded);
    patient.abort();
    await late.catch(() => undefined);
  });
});
