import { Writable } from "node:stream";
import { Code, ConnectError, createClient, createRouterTransport, type Interceptor } from "@connectrpc/connect";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors/domain-error.js";
import { errorInterceptor } from "../interceptors.js";
import { createLogger } from "../logger.js";
import { developmentCredential, developmentTrustedCallers } from "./credentials.js";
import { authenticatedCaller } from "./authenticated-caller.js";
import { callerAuthInterceptor, callerTokenInterceptor } from "./interceptors.js";
import { CallerTokenIssuer, CallerTokenVerifier } from "./tokens.js";

const policy = {
  GetBalance: { gateway: "agent-context" },
  TopUp: { admin: "trusted" },
  Credit: { admin: "trusted", booking: "trusted" },
} as const;

function wallet(client: Interceptor[], suspended: string[] = []) {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  const standing = {
    assertActive: (agentId: string) =>
      suspended.includes(agentId) ? Promise.reject(new DomainError("AUTH_AGENT_SUSPENDED", "The agency is suspended")) : Promise.resolve(),
  };
  const transport = createRouterTransport(
    (router) =>
      router.service(WalletService, {
        getBalance: () => ({}),
        topUp: () => ({}),
        // Answers who the handler was told called it.
        credit: (_request, context) => ({ balance: { agentId: authenticatedCaller(context) ?? "(unknown)" } }),
      }),
    {
      router: {
        interceptors: [
          errorInterceptor(createLogger({ name: "t" }, sink)),
          callerAuthInterceptor({ verifier: new CallerTokenVerifier(developmentTrustedCallers()), policy, grants: new Map(), standing }),
        ],
      },
      transport: { interceptors: client },
    },
  );
  return { client: createClient(WalletService, transport), lines };
}

const signed = (caller: string, vouches = false) =>
  callerTokenInterceptor(new CallerTokenIssuer(developmentCredential(caller)), { vouchesForAgents: vouches });
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "answered",
    (e: unknown) => Code[ConnectError.from(e).code],
  );

describe("the caller authentication interceptor", () => {
  it("refuses unsigned callers and unlisted ones, logging a warning rather than an error", async () => {
    const anonymous = wallet([]);
    expect(await codeOf(anonymous.client.topUp({ agentId: "agt_1" }))).toBe("Unauthenticated");
    expect(anonymous.lines.map((l) => l.level)).toEqual([40]);
    expect(await codeOf(wallet([signed("booking")]).client.topUp({ agentId: "agt_1" }))).toBe("PermissionDenied");
    expect(await codeOf(wallet([signed("admin")]).client.topUp({ agentId: "agt_1" }))).toBe("answered");
  });

  it("lets the gateway read only the agency it vouches for, and not a suspended one", async () => {
    expect(await codeOf(wallet([signed("gateway", true)]).client.getBalance({ agentId: "agt_1" }))).toBe("answered");
    expect(await codeOf(wallet([signed("gateway")]).client.getBalance({ agentId: "agt_1" }))).toBe("PermissionDenied");
    // An agent context from a caller that is not the gateway is no agent context.
    const adminVouches: Interceptor = (next) => async (req) => {
      req.header.set("x-tarmac-agent-context", await new CallerTokenIssuer(developmentCredential("admin")).agentContextFor("agt_1"));
      return next(req);
    };
    expect(await codeOf(wallet([adminVouches, signed("gateway")]).client.getBalance({ agentId: "agt_1" }))).toBe("PermissionDenied");
    expect(await codeOf(wallet([signed("gateway", true)], ["agt_1"]).client.getBalance({ agentId: "agt_1" }))).toBe("PermissionDenied");
  });

  it("tells the handler which permitted caller called it", async () => {
    expect((await wallet([signed("booking")]).client.credit({ agentId: "agt_1" })).balance?.agentId).toBe("booking");
    expect((await wallet([signed("admin")]).client.credit({ agentId: "agt_1" })).balance?.agentId).toBe("admin");
    expect(authenticatedCaller(undefined)).toBeUndefined();
  });

  it("signs with the cached token at once and rejects, never throws, when the calls after it throw", async () => {
    const issuer = new CallerTokenIssuer(developmentCredential("gateway"));
    const failing = () => {
      throw new TypeError("the next interceptor failed");
    };
    const request = () => ({ service: WalletService, header: new Headers(), message: { agentId: "agt_1" } });
    // The first call waits for its tokens to be signed; the second has them cached and runs at once.
    for (const round of ["signing", "cached"]) {
      const call = callerTokenInterceptor(issuer, { vouchesForAgents: true })(failing);
      let answer: Promise<unknown> | undefined;
      expect(() => (answer = call(request() as never)), round).not.toThrow();
      await expect(answer, round).rejects.toThrow("the next interceptor failed");
    }
  });
});
