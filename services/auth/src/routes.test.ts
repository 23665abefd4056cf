import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { errorInterceptor, fromConnectError } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { AgentStatus, AgentTier, AuthService, OtpChannel, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { authRoutes } from "./routes.js";
import { authFixture } from "./testing/auth-fixture.js";

/** The fixture's service behind a router transport with the error translation the service host installs. */
async function routed(options: { withOutbox?: boolean } = {}) {
  const f = await authFixture(options);
  const transport = createRouterTransport(authRoutes(f.service), { router: { interceptors: [errorInterceptor(silentLogger())] } });
  return { ...f, client: createClient(AuthService, transport) };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("auth routes through createRouterTransport", () => {
  it("runs an agent's whole key lifecycle", async () => {
    const { client } = await routed();
    const { agent } = await client.createAgent({ name: "Wire Travels", tier: AgentTier.ENTERPRISE, users: [{ email: "ops@wire.test" }] });
    const issued = await client.issueApiKey({ agentId: agent!.agentId, scopes: [Scope.FLIGHT_SEARCH] });
    expect((await client.verifyApiKey({ apiKey: issued.apiKey })).agentTier).toBe(AgentTier.ENTERPRISE);
    const rotated = await client.rotateApiKey({ keyId: issued.key!.keyId, gracePeriodSeconds: 0 });
    expect(ConnectError.from(await failure(client.verifyApiKey({ apiKey: issued.apiKey }))).code).toBe(Code.Unauthenticated);
    await client.suspendAgent({ agentId: agent!.agentId, reason: "review" });
    expect((await client.verifyApiKey({ apiKey: rotated.apiKey })).agentStatus).toBe(AgentStatus.SUSPENDED);
    await client.reactivateAgent({ agentId: agent!.agentId });
    await client.revokeApiKey({ keyId: rotated.key!.keyId });
    const error = await failure(client.verifyApiKey({ apiKey: rotated.apiKey }));
    expect(fromConnectError(error).code).toBe("AUTH_INVALID_API_KEY");
    expect((await client.listApiKeys({ agentId: agent!.agentId })).keys).toHaveLength(2);
    expect((await client.getAgent({ agentId: agent!.agentId })).agent?.users[0]?.email).toBe("ops@wire.test");
  });

  it("signs in with a code read from the development outbox and logs out", async () => {
    const { client, user } = await routed();
    await client.sendOtp({ identifier: user.email!, type: OtpChannel.EMAIL });
    const [message] = (await client.listDevOutbox({ identifier: user.email! })).messages;
    const session = await client.verifyOtp({ identifier: user.email!, code: message!.code });
    expect((await client.verifyToken({ token: session.verificationToken })).userId).toBe(user.userId);
    await client.logout({ token: session.verificationToken });
    expect(fromConnectError(await failure(client.verifyToken({ token: session.verificationToken }))).code).toBe("AUTH_INVALID_TOKEN");
  });

  it("carries the catalogue codes, Connect codes and retry-after across the wire", async () => {
    const { client, user } = await routed({ withOutbox: false });
    const notFound = await failure(client.getAgent({ agentId: "agt_nope" }));
    expect(ConnectError.from(notFound).code).toBe(Code.NotFound);
    expect(fromConnectError(notFound).code).toBe("AUTH_NOT_FOUND");

    await client.sendOtp({ identifier: user.email!, type: OtpChannel.EMAIL });
    const limited = await failure(client.sendOtp({ identifier: user.email!, type: OtpChannel.EMAIL }));
    expect(ConnectError.from(limited).code).toBe(Code.ResourceExhausted);
    expect(fromConnectError(limited)).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 30 });

    for (let i = 0; i < 4; i++) await failure(client.verifyOtp({ identifier: user.email!, code: "000000" }));
    const locked = fromConnectError(await failure(client.verifyOtp({ identifier: user.email!, code: "000000" })));
    // 1 in a million: the drawn code was 000000 and the fifth try signed in.
    if (locked.code !== "INTERNAL")
      expect(locked).toMatchObject({ code: "AUTH_OTP_ATTEMPTS_EXCEEDED", status: 429, retryAfterSeconds: 30 });

    const forbidden = await failure(client.listDevOutbox({}));
    expect(ConnectError.from(forbidden).code).toBe(Code.PermissionDenied);
    expect(fromConnectError(forbidden).code).toBe("AUTH_FORBIDDEN");

    const invalid = fromConnectError(await failure(client.createAgent({ name: "" })));
    expect(invalid.errors).toEqual([{ field: "name", code: "REQUIRED", message: "name is required" }]);
  });
});
