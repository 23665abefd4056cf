import { Code, ConnectError } from "@connectrpc/connect";
import type { Http2SessionManager } from "@connectrpc/connect-node";
import { describe, expect, it } from "vitest";
import { exchange } from "./grpc-exchange.js";

/** Sessions that never become ready: a peer whose host drops connection attempts. */
const unreachable = { request: () => new Promise(() => undefined) } as unknown as Http2SessionManager;
const call = { path: "/tarmac.search.v1.SearchService/SearchFlights", header: new Headers(), body: new Uint8Array(5) };

describe("exchange", () => {
  it("ends at its deadline while still waiting for a session, with DEADLINE_EXCEEDED", async () => {
    const started = Date.now();
    const error = await exchange(unreachable, { ...call, timeoutMs: 50, signal: undefined }).catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.DeadlineExceeded);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("ends when its signal aborts while still waiting for a session, with CANCELED", async () => {
    const controller = new AbortController();
    const pending = exchange(unreachable, { ...call, timeoutMs: undefined, signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    expect(ConnectError.from(await pending).code).toBe(Code.Canceled);
  });
});
