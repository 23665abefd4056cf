import { Code, ConnectError } from "@connectrpc/connect";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { PlainHeaders, asHeaders } from "./plain-headers.js";
import { createUnaryHandlerContext } from "./unary-handler-context.js";

const contextWith = (timeoutMs: number | undefined) =>
  createUnaryHandlerContext({
    method: WalletService.method.getBalance,
    url: "http://wallet/tarmac.wallet.v1.WalletService/GetBalance",
    requestHeader: asHeaders(new PlainHeaders({ "x-request-id": "req-1" })),
    timeoutMs,
  });

const reasonOf = (signal: AbortSignal) => ConnectError.from(signal.reason);

describe("createUnaryHandlerContext", () => {
  it("describes the call as Connect's handler does for gRPC, with its answer's headers ready", () => {
    const context = contextWith(undefined);
    expect(context).toMatchObject({ requestMethod: "POST", protocolName: "grpc", service: WalletService });
    expect(context.requestHeader.get("x-request-id")).toBe("req-1");
    expect(context.responseHeader.get("content-type")).toBe("application/grpc+proto");
    expect(context.responseTrailer.get("grpc-status")).toBe("0");
    expect(context.timeoutMs()).toBeUndefined();
    context.abort();
  });

  it("aborts its signal with DEADLINE_EXCEEDED when the caller's deadline passes", async () => {
    const context = contextWith(20);
    expect(context.timeoutMs()).toBeGreaterThan(0);
    await new Promise((resolve) => context.signal.addEventListener("abort", resolve));
    expect(reasonOf(context.signal).code).toBe(Code.DeadlineExceeded);
    expect(contextWith(0).signal.aborted).toBe(true);
  });

  it("aborts when the call completes or its caller leaves, with the reason given, and keeps the first", async () => {
    const completed = contextWith(60_000);
    completed.abort();
    expect(reasonOf(completed.signal)).toMatchObject({ code: Code.Canceled, rawMessage: "the call has completed" });
    const left = contextWith(50);
    left.abort(new ConnectError("the client closed the stream", Code.Canceled));
    left.abort();
    // The deadline's timer went with it: nothing replaces the reason later.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reasonOf(left.signal).rawMessage).toBe("the client closed the stream");
  });

  it("treats a deadline beyond what a timer can hold as none, instead of ending the call at once", async () => {
    const far = contextWith(3.6e14);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(far.signal.aborted).toBe(false);
    far.abort();
  });
});
