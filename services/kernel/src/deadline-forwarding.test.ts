import type { StreamRequest, UnaryRequest } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { forwardDeadlineInterceptor, remainingMsOf } from "./deadline.js";
import { withDeadline, withRequestId } from "./request-context.js";

/** What a peer call's headers say after the interceptor, for a call that asked for `header`. */
async function sent(header: Record<string, string>): Promise<Headers> {
  let seen: Headers | undefined;
  const next = (req: UnaryRequest | StreamRequest) => {
    seen = req.header;
    return Promise.resolve({}) as never;
  };
  await forwardDeadlineInterceptor()(next)({ header: new Headers(header) } as UnaryRequest);
  if (!seen) throw new Error("not forwarded");
  return seen;
}

describe("deadline forwarding to peers", () => {
  it("gives a peer call no more than what is left of the call it serves", async () => {
    const header = await withRequestId("r1", () => withDeadline(Date.now() + 300, () => sent({ "grpc-timeout": "5000m" })));
    const left = remainingMsOf(header) ?? Infinity;
    expect(left).toBeLessThanOrEqual(300);
    expect(left).toBeGreaterThan(200);
    const connect = await withRequestId("r2", () => withDeadline(Date.now() + 300, () => sent({ "connect-timeout-ms": "5000" })));
    expect(Number(connect.get("connect-timeout-ms"))).toBeLessThanOrEqual(300);
  });

  it("keeps a peer call's own shorter timeout, and a sweep's (no call being served) as it is", async () => {
    const shorter = await withRequestId("r3", () => withDeadline(Date.now() + 10_000, () => sent({ "grpc-timeout": "2000m" })));
    expect(shorter.get("grpc-timeout")).toBe("2000m");
    expect((await sent({ "grpc-timeout": "5000m" })).get("grpc-timeout")).toBe("5000m");
  });

  it("writes a far deadline in a unit gRPC accepts (8 digits at most)", async () => {
    const days = 40 * 24 * 3_600_000;
    const far = await withRequestId("r4", () => withDeadline(Date.now() + days, () => sent({})));
    expect(far.get("grpc-timeout")).toMatch(/^\d{1,8}[HMSmun]$/);
    expect(remainingMsOf(far)).toBeGreaterThan(days - 60_000);
  });
});
