import { Writable } from "node:stream";
import { createClient, createRouterTransport, ConnectError, Code } from "@connectrpc/connect";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors/domain-error.js";
import { fromConnectError } from "./errors/connect.js";
import { errorInterceptor, forwardRequestIdInterceptor, requestIdInterceptor } from "./interceptors.js";
import { createLogger } from "./logger.js";
import { loadMongoDriver } from "./mongo-driver.js";
import { currentRequestId, withRequestId } from "./request-context.js";

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write: (c, _e, done) => {
      lines.push(String(c));
      done();
    },
  });
  return { lines, logger: createLogger({ name: "t" }, stream) };
}

describe("server interceptors", () => {
  it("translate domain errors and hide unexpected ones, logging the cause", async () => {
    const { lines, logger } = logSink();
    let fail: Error = new DomainError("SEARCH_CURSOR_EXPIRED", "Cursor expired");
    const transport = createRouterTransport((router) => router.service(SearchService, { searchFlights: () => Promise.reject(fail) }), {
      router: { interceptors: [requestIdInterceptor(), errorInterceptor(logger)] },
      transport: { interceptors: [forwardRequestIdInterceptor()] },
    });
    const client = createClient(SearchService, transport);
    const expired = await withRequestId("trace-err-1", () => client.searchFlights({}).catch((e: unknown) => e));
    expect(fromConnectError(expired).code).toBe("SEARCH_CURSOR_EXPIRED");

    // The error answer names the request, as a success does.
    expect(ConnectError.from(expired).metadata.get("x-request-id")).toBe("trace-err-1");

    fail = new Error("db password is hunter2");
    const crash = ConnectError.from(
      await client.searchFlights({}).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(crash.code).toBe(Code.Internal);
    expect(crash.rawMessage).toBe("Internal error");
    expect(lines.join("\n")).toContain("hunter2"); // the cause is in the log, not on the wire

    // A database failover is not a bug: the caller hears UNAVAILABLE and may retry. (The driver
    // loads when a MongoDB client opens; only then can its errors exist.)
    const { MongoNetworkError } = await loadMongoDriver();
    fail = new MongoNetworkError("connection to the primary reset");
    const failover = fromConnectError(await client.searchFlights({}).catch((e: unknown) => e));
    expect([failover.code, failover.retryable]).toEqual(["UNAVAILABLE", true]);
    // So is a query that ran out of its maxTimeMS behind a busy primary.
    fail = new (await loadMongoDriver()).MongoServerError({ message: "operation exceeded time limit", code: 50 });
    const slow = fromConnectError(await client.searchFlights({}).catch((e: unknown) => e));
    expect([slow.code, slow.retryable]).toEqual(["UNAVAILABLE", true]);
  });

  it("propagate the request id from caller to handler", async () => {
    let seen: string | undefined;
    const transport = createRouterTransport(
      (router) =>
        router.service(SearchService, {
          searchFlights: () => {
            seen = currentRequestId();
            return {};
          },
        }),
      { router: { interceptors: [requestIdInterceptor()] }, transport: { interceptors: [forwardRequestIdInterceptor()] } },
    );
    await withRequestId("trace-42", () => createClient(SearchService, transport).searchFlights({}));
    expect(seen).toBe("trace-42");
  });
});
