import { create, toBinary, toJsonString } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  AgentStatus,
  AgentTier,
  ListApiKeysResponseSchema,
  ListDevOutboxRequestSchema,
  OtpChannel,
  Scope,
  SendOtpResponseSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import type { CodeDelivery, OtpMessage } from "./delivery/code-delivery.js";
import { generateApiKey, parseApiKey } from "./domain/api-key.js";
import { hashSessionToken } from "./domain/session.js";
import { authFixture, type AuthFixture } from "./testing/auth-fixture.js";
import { failureOf } from "@tarmac/kernel/testing";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("AuthServiceImpl: API keys", () => {
  let f: AuthFixture;
  beforeEach(async () => {
    f = await authFixture();
  });

  const issue = (overrides: { scopes?: Scope[]; sandbox?: boolean; expiresAt?: Date; agentId?: string } = {}) =>
    f.service.issueApiKey({
      $typeName: "tarmac.auth.v1.IssueApiKeyRequest",
      agentId: overrides.agentId ?? f.agent.id,
      scopes: overrides.scopes ?? [],
      sandbox: overrides.sandbox ?? false,
      ...(overrides.expiresAt && { expiresAt: timestampFromDate(overrides.expiresAt) }),
    });
  const verify = (apiKey: string) => f.service.verifyApiKey({ $typeName: "tarmac.auth.v1.VerifyApiKeyRequest", apiKey });
  const rotate = (keyId: string, gracePeriodSeconds?: number) =>
    f.service.rotateApiKey({
      $typeName: "tarmac.auth.v1.RotateApiKeyRequest",
      keyId,
      ...(gracePeriodSeconds !== undefined && { gracePeriodSeconds }),
    });
  const revoke = (keyId: string) => f.service.revokeApiKey({ $typeName: "tarmac.auth.v1.RevokeApiKeyRequest", keyId });
  const list = (agentId = f.agent.id) => f.service.listApiKeys({ $typeName: "tarmac.auth.v1.ListApiKeysRequest", agentId });

  it("issues a key once, in the decisions-8 format, that verifies to its agent and scopes", async () => {
    const issued = await issue({ scopes: [Scope.WALLET_READ, Scope.FLIGHT_SEARCH, Scope.WALLET_READ] });
    expect(issued.apiKey).toMatch(/^tk_live_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(issued.key).toMatchObject({
      keyId: parseApiKey(issued.apiKey)!.keyId,
      agentId: f.agent.id,
      prefix: "tk_live_",
      scopes: [Scope.FLIGHT_SEARCH, Scope.WALLET_READ],
    });
    expect(issued.key?.createdAt).toEqual(timestampFromDate(f.clock.now()));
    const verified = await verify(issued.apiKey);
    expect(verified).toMatchObject({
      agentId: f.agent.id,
      keyId: issued.key!.keyId,
      scopes: [Scope.FLIGHT_SEARCH, Scope.WALLET_READ],
      agentStatus: AgentStatus.ACTIVE,
      agentTier: AgentTier.STANDARD,
    });
  });

  it("issues tk_test_ keys for sandbox use and defaults scopes by tier", async () => {
    const sandbox = await issue({ sandbox: true });
    expect(sandbox.apiKey.startsWith("tk_test_")).toBe(true);
    expect(sandbox.key?.prefix).toBe("tk_test_");
    expect(sandbox.key?.scopes).toEqual([
      Scope.FLIGHT_SEARCH,
      Scope.FLIGHT_BOOK,
      Scope.FLIGHT_CANCEL,
      Scope.FLIGHT_RESCHEDULE,
      Scope.WALLET_READ,
    ]);
    await f.store.saveAgent({ ...f.agent, id: "agt_big", tier: "ENTERPRISE" });
    expect((await issue({ agentId: "agt_big" })).key?.scopes).toContain(Scope.WEBHOOKS_MANAGE);
  });

  it("refuses unknown agents, unknown scopes and expiries in the past", async () => {
    expect((await failureOf(issue({ agentId: "agt_nope" }))).code).toBe("AUTH_NOT_FOUND");
    const bad = await failureOf(issue({ scopes: [Scope.UNSPECIFIED, 99 as Scope], expiresAt: f.clock.now() }));
    expect(bad.code).toBe("VALIDATION_FAILED");
    expect(bad.errors.map((e) => e.field)).toEqual(["scopes[0]", "scopes[1]", "expires_at"]);
  });

  it("lets a key with expires_at work until then", async () => {
    const { apiKey } = await issue({ expiresAt: new Date(f.clock.now().getTime() + HOUR) });
    f.clock.advance(HOUR - 1);
    expect((await verify(apiKey)).agentId).toBe(f.agent.id);
    f.clock.advance(1);
    expect((await failureOf(verify(apiKey))).code).toBe("AUTH_INVALID_API_KEY");
  });

  it("lists keys newest first and never a secret or a hash", async () => {
    const first = await issue();
    f.clock.advance(SECOND);
    const second = await issue({ sandbox: true });
    const listed = await list();
    expect(listed.keys.map((k) => k.keyId)).toEqual([second.key!.keyId, first.key!.keyId]);
    const wire = toJsonString(ListApiKeysResponseSchema, listed);
    for (const { apiKey, key } of [first, second]) {
      expect(wire).not.toContain(apiKey.slice(-32));
      expect(wire).not.toContain((await f.store.findApiKeyById(key!.keyId))!.hash);
    }
    expect((await failureOf(list("agt_nope"))).code).toBe("AUTH_NOT_FOUND");
  });

  it("rotates: the new key works, the old one for 24 hours by default and not a millisecond more", async () => {
    const old = await issue({ scopes: [Scope.FLIGHT_BOOK], sandbox: true });
    const rotated = await rotate(old.key!.keyId);
    expect(rotated.apiKey).toMatch(/^tk_test_/);
    expect(rotated.key).toMatchObject({ scopes: [Scope.FLIGHT_BOOK], prefix: "tk_test_", replacesKeyId: old.key!.keyId });
    expect(rotated.previousKey).toMatchObject({
      keyId: old.key!.keyId,
      replacedByKeyId: rotated.key!.keyId,
      revokedAt: timestampFromDate(new Date(f.clock.now().getTime() + 24 * HOUR)),
    });
    expect((await verify(rotated.apiKey)).keyId).toBe(rotated.key!.keyId);
    f.clock.advance(24 * HOUR - 1);
    expect((await verify(old.apiKey)).keyId).toBe(old.key!.keyId);
    f.clock.advance(1);
    expect((await failureOf(verify(old.apiKey))).code).toBe("AUTH_INVALID_API_KEY");
    expect((await verify(rotated.apiKey)).keyId).toBe(rotated.key!.keyId);
  });

  it("rotates with the grace period the request names, 0 meaning at once", async () => {
    const a = await issue();
    await rotate(a.key!.keyId, 60);
    f.clock.advance(59 * SECOND);
    expect((await verify(a.apiKey)).agentId).toBe(f.agent.id);
    f.clock.advance(SECOND);
    expect((await failureOf(verify(a.apiKey))).code).toBe("AUTH_INVALID_API_KEY");
    const b = await issue();
    await rotate(b.key!.keyId, 0);
    expect((await failureOf(verify(b.apiKey))).code).toBe("AUTH_INVALID_API_KEY");
  });

  it("keeps a successor within its predecessor's expiry", async () => {
    const expiresAt = new Date(f.clock.now().getTime() + 2 * HOUR);
    const old = await issue({ expiresAt });
    const rotated = await rotate(old.key!.keyId);
    expect(rotated.key?.expiresAt).toEqual(timestampFromDate(expiresAt));
  });

  it("refuses to rotate a rotated, revoked or unknown key, and an out-of-range grace period", async () => {
    const key = await issue();
    await rotate(key.key!.keyId);
    const twice = await failureOf(rotate(key.key!.keyId));
    expect(twice).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(twice.errors[0]).toMatchObject({ field: "key_id", code: "INVALID_VALUE" });
    const revoked = await issue();
    await revoke(revoked.key!.keyId);
    expect((await failureOf(rotate(revoked.key!.keyId))).code).toBe("VALIDATION_FAILED");
    expect((await failureOf(rotate("Nope0000"))).code).toBe("AUTH_NOT_FOUND");
    for (const grace of [-1, 30 * 24 * 3600 + 1]) {
      expect((await failureOf(rotate(key.key!.keyId, grace))).errors[0]?.field).toBe("grace_period_seconds");
    }
  });

  it("revokes at once at the service, cutting a rotation's grace period short, and answers a repeat the same", async () => {
    const key = await issue();
    const revoked = await revoke(key.key!.keyId);
    expect(revoked.key?.revokedAt).toEqual(timestampFromDate(f.clock.now()));
    expect((await failureOf(verify(key.apiKey))).code).toBe("AUTH_INVALID_API_KEY");
    f.clock.advance(MINUTE);
    expect((await revoke(key.key!.keyId)).key?.revokedAt).toEqual(revoked.key?.revokedAt);

    const inGrace = await issue();
    await rotate(inGrace.key!.keyId);
    expect((await verify(inGrace.apiKey)).agentId).toBe(f.agent.id);
    await revoke(inGrace.key!.keyId);
    expect((await failureOf(verify(inGrace.apiKey))).code).toBe("AUTH_INVALID_API_KEY");
    expect((await failureOf(revoke("Nope0000"))).code).toBe("AUTH_NOT_FOUND");
  });

  it("records the last use, at most once a minute, and keeps verifying when that write fails", async () => {
    const { apiKey, key } = await issue();
    await verify(apiKey);
    expect((await f.store.findApiKeyById(key!.keyId))?.lastUsedAt).toEqual(f.clock.now());
    const first = f.clock.now();
    f.clock.advance(30 * SECOND);
    await verify(apiKey);
    expect((await f.store.findApiKeyById(key!.keyId))?.lastUsedAt).toEqual(first);
    f.clock.advance(30 * SECOND);
    await verify(apiKey);
    expect((await list()).keys[0]?.lastUsedAt).toEqual(timestampFromDate(f.clock.now()));
    f.store.touchApiKey = async () => Promise.reject(new Error("database down"));
    f.clock.advance(HOUR);
    expect((await verify(apiKey)).agentId).toBe(f.agent.id);
  });

  it.each(["", "not-a-key", "tk_live_short_x"])("rejects a malformed key %j without a lookup", async (apiKey) => {
    expect((await failureOf(verify(apiKey))).code).toBe("AUTH_INVALID_API_KEY");
  });

  it("rejects a key that was never issued", async () => {
    expect((await failureOf(verify(generateApiKey(false)))).code).toBe("AUTH_INVALID_API_KEY");
  });
});

describe("AuthServiceImpl: agents", () => {
  let f: AuthFixture;
  beforeEach(async () => {
    f = await authFixture();
  });

  const createAgent = (fields: { name?: string; tier?: AgentTier; parentAgentId?: string; users?: { email?: string; phone?: string }[] }) =>
    f.service.createAgent({
      $typeName: "tarmac.auth.v1.CreateAgentRequest",
      name: fields.name ?? "New Travels",
      tier: fields.tier ?? AgentTier.UNSPECIFIED,
      parentAgentId: fields.parentAgentId ?? "",
      users: (fields.users ?? []).map((u) => ({
        $typeName: "tarmac.auth.v1.AgentUser",
        userId: "",
        email: u.email ?? "",
        phone: u.phone ?? "",
      })),
      currency: "INR",
      creditLimitPaise: 0n,
    });
  const getAgent = (agentId: string) => f.service.getAgent({ $typeName: "tarmac.auth.v1.GetAgentRequest", agentId });
  const suspend = (agentId: string, reason = "") =>
    f.service.suspendAgent({ $typeName: "tarmac.auth.v1.SuspendAgentRequest", agentId, reason });
  const reactivate = (agentId: string) => f.service.reactivateAgent({ $typeName: "tarmac.auth.v1.ReactivateAgentRequest", agentId });

  it("creates an active agent with a generated id and its users, normalized", async () => {
    const { agent } = await createAgent({
      name: "  Sky Tours ",
      tier: AgentTier.ENTERPRISE,
      users: [{ email: "Ravi@Sky.Test" }, { phone: "+91 98222 22222" }, { email: "meera@sky.test", phone: "+919833333333" }],
    });
    expect(agent?.agentId).toMatch(/^agt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(agent).toMatchObject({ name: "Sky Tours", status: AgentStatus.ACTIVE, tier: AgentTier.ENTERPRISE, parentAgentId: "" });
    expect(agent?.users.map((u) => [u.email, u.phone])).toEqual([
      ["ravi@sky.test", ""],
      ["", "+919822222222"],
      ["meera@sky.test", "+919833333333"],
    ]);
    for (const u of agent!.users) expect(u.userId).toMatch(/^usr_/);
    const got = await getAgent(agent!.agentId);
    expect(got.agent).toEqual(agent);
    expect((await createAgent({})).agent?.tier).toBe(AgentTier.STANDARD);
  });

  it("refuses bad fields all at once, and an e-mail or phone that belongs to someone", async () => {
    const bad = await failureOf(
      createAgent({
        name: " ",
        tier: 7 as AgentTier,
        users: [{}, { email: "x" }, { phone: "12345" }, { email: "a@b.co" }, { email: "A@B.co" }],
      }),
    );
    expect(bad.errors.map((e) => [e.field, e.code])).toEqual([
      ["name", "REQUIRED"],
      ["tier", "INVALID_VALUE"],
      ["users[0]", "REQUIRED"],
      ["users[1].email", "INVALID_FORMAT"],
      ["users[2].phone", "INVALID_FORMAT"],
      ["users[4].email", "INVALID_VALUE"],
    ]);
    const taken = await failureOf(createAgent({ users: [{ email: "new@x.test" }, { phone: f.user.phone! }] }));
    expect(taken.errors).toEqual([{ field: "users[1].phone", code: "INVALID_VALUE", message: "already belongs to another user" }]);
  });

  it("creates sub-agents under top-level agencies only", async () => {
    const sub = (await createAgent({ parentAgentId: f.agent.id })).agent!;
    expect(sub.parentAgentId).toBe(f.agent.id);
    expect((await failureOf(createAgent({ parentAgentId: sub.agentId }))).errors[0]).toMatchObject({
      field: "parent_agent_id",
      code: "INVALID_VALUE",
    });
    expect((await failureOf(createAgent({ parentAgentId: "agt_nope" }))).errors[0]?.field).toBe("parent_agent_id");
  });

  it("suspends and reactivates; keys verify with the agent's status meanwhile", async () => {
    const { apiKey } = await f.service.issueApiKey({
      $typeName: "tarmac.auth.v1.IssueApiKeyRequest",
      agentId: f.agent.id,
      scopes: [],
      sandbox: false,
    });
    const suspended = await suspend(f.agent.id, "unpaid invoices");
    expect(suspended.agent).toMatchObject({
      status: AgentStatus.SUSPENDED,
      suspensionReason: "unpaid invoices",
      suspendedAt: timestampFromDate(f.clock.now()),
    });
    expect(suspended.agent?.users).toHaveLength(1);
    const verified = await f.service.verifyApiKey({ $typeName: "tarmac.auth.v1.VerifyApiKeyRequest", apiKey });
    expect(verified.agentStatus).toBe(AgentStatus.SUSPENDED);
    const active = await reactivate(f.agent.id);
    expect(active.agent).toMatchObject({ status: AgentStatus.ACTIVE, suspensionReason: "" });
    expect(active.agent?.suspendedAt).toBeUndefined();
    expect((await f.service.verifyApiKey({ $typeName: "tarmac.auth.v1.VerifyApiKeyRequest", apiKey })).agentStatus).toBe(
      AgentStatus.ACTIVE,
    );
  });

  it("sets the tier; keys verify with the new tier, UNSPECIFIED is refused", async () => {
    const setTier = (agentId: string, tier: AgentTier) =>
      f.service.setAgentTier({ $typeName: "tarmac.auth.v1.SetAgentTierRequest", agentId, tier });
    const { apiKey } = await f.service.issueApiKey({
      $typeName: "tarmac.auth.v1.IssueApiKeyRequest",
      agentId: f.agent.id,
      scopes: [],
      sandbox: false,
    });
    const verify = () => f.service.verifyApiKey({ $typeName: "tarmac.auth.v1.VerifyApiKeyRequest", apiKey });
    const { agent } = await setTier(f.agent.id, AgentTier.ENTERPRISE);
    expect(agent).toMatchObject({ agentId: f.agent.id, tier: AgentTier.ENTERPRISE, status: AgentStatus.ACTIVE });
    expect(agent?.users).toHaveLength(1);
    expect((await verify()).agentTier).toBe(AgentTier.ENTERPRISE);
    expect((await setTier(f.agent.id, AgentTier.STANDARD)).agent?.tier).toBe(AgentTier.STANDARD);
    expect((await verify()).agentTier).toBe(AgentTier.STANDARD);
    expect((await failureOf(setTier(f.agent.id, AgentTier.UNSPECIFIED))).errors).toMatchObject([{ field: "tier", code: "REQUIRED" }]);
    expect((await failureOf(setTier("", 7 as AgentTier))).errors.map((e) => [e.field, e.code])).toEqual([
      ["agent_id", "REQUIRED"],
      ["tier", "INVALID_VALUE"],
    ]);
    expect((await failureOf(setTier("agt_nope", AgentTier.ENTERPRISE))).code).toBe("AUTH_NOT_FOUND");
  });

  it("reports a sub-agent's keys as suspended while its agency is", async () => {
    const sub = (await createAgent({ parentAgentId: f.agent.id })).agent!;
    const { apiKey } = await f.service.issueApiKey({
      $typeName: "tarmac.auth.v1.IssueApiKeyRequest",
      agentId: sub.agentId,
      scopes: [],
      sandbox: false,
    });
    await suspend(f.agent.id);
    expect((await f.service.verifyApiKey({ $typeName: "tarmac.auth.v1.VerifyApiKeyRequest", apiKey })).agentStatus).toBe(
      AgentStatus.SUSPENDED,
    );
  });

  it("answers AUTH_NOT_FOUND for an unknown agent and VALIDATION_FAILED for a missing id", async () => {
    for (const call of [getAgent("agt_nope"), suspend("agt_nope"), reactivate("agt_nope")]) {
      expect((await failureOf(call)).code).toBe("AUTH_NOT_FOUND");
    }
    expect((await failureOf(getAgent(""))).errors[0]).toMatchObject({ field: "agent_id", code: "REQUIRED" });
  });
});

describe("AuthServiceImpl: OTP login", () => {
  let f: AuthFixture;
  beforeEach(async () => {
    f = await authFixture();
  });

  const send = (identifier: string, type = OtpChannel.EMAIL) =>
    f.service.sendOtp({ $typeName: "tarmac.auth.v1.SendOtpRequest", identifier, type });
  const verifyOtp = (identifier: string, code: string) =>
    f.service.verifyOtp({ $typeName: "tarmac.auth.v1.VerifyOtpRequest", identifier, code });
  const latestCode = async (to: string) => {
    await f.service.settled();
    return f.outbox.latestCode(to);
  };
  /** A six-digit code that is not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("sends a six-digit code to a user's e-mail and signs them in with it", async () => {
    const answer = await send(f.user.email!);
    expect(answer).toMatchObject({ expiresIn: 300, resendAfter: 30 });
    const code = await latestCode(f.user.email!);
    expect(code).toMatch(/^[0-9]{6}$/);
    const session = await verifyOtp(f.user.email!, code!);
    expect(session).toMatchObject({ tokenType: "Bearer", expiresIn: 3600, agentId: f.agent.id, userId: f.user.userId });
    expect(session.verificationToken).toMatch(/^tk_sess_[A-Za-z0-9]{43}$/);
  });

  it("sends by SMS to a phone number typed with separators", async () => {
    await send("+91 98111-11111", OtpChannel.SMS);
    const code = await latestCode(f.user.phone!);
    expect((await verifyOtp("+919811111111", code!)).userId).toBe(f.user.userId);
  });

  it("reads the channel from the identifier when type is unspecified", async () => {
    await send(f.user.phone!, OtpChannel.UNSPECIFIED);
    await f.service.settled();
    expect(f.outbox.list()[0]).toMatchObject({ channel: "SMS", to: f.user.phone });
  });

  it("answers byte for byte the same for an identifier nobody has, and sends nothing", async () => {
    const known = await send(f.user.email!);
    const unknown = await send("nobody@nowhere.test");
    expect(toBinary(SendOtpResponseSchema, unknown)).toEqual(toBinary(SendOtpResponseSchema, known));
    expect(toJsonString(SendOtpResponseSchema, unknown)).toBe(toJsonString(SendOtpResponseSchema, known));
    await f.service.settled();
    expect(f.outbox.list({ to: "nobody@nowhere.test" })).toEqual([]);
    expect(f.outbox.list()).toHaveLength(1);
  });

  it("answers before the delivery runs, so a slow provider adds nothing to a known identifier's answer", async () => {
    let release!: () => void;
    const delivered: OtpMessage[] = [];
    const slow: CodeDelivery = {
      name: "slow",
      deliver: (message) =>
        new Promise<void>((resolve) => {
          delivered.push(message);
          release = resolve;
        }),
    };
    f = await authFixture({ deliveries: { EMAIL: slow } });
    await send(f.user.email!);
    expect(delivered).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toHaveLength(1);
    release();
    await f.service.settled();
  });

  it("answers the same when the delivery fails", async () => {
    const failing: CodeDelivery = { name: "down", deliver: async () => Promise.reject(new Error("SMTP down")) };
    f = await authFixture({ deliveries: { EMAIL: failing } });
    expect(await send(f.user.email!)).toMatchObject({ expiresIn: 300, resendAfter: 30 });
    await f.service.settled();
  });

  it("locks a code after five wrong tries: four AUTH_OTP_INVALID, then AUTH_OTP_ATTEMPTS_EXCEEDED even for the right code", async () => {
    await send(f.user.email!);
    const code = (await latestCode(f.user.email!))!;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await failureOf(verifyOtp(f.user.email!, wrong(code)))).code);
    expect(answers).toEqual(["AUTH_OTP_INVALID", "AUTH_OTP_INVALID", "AUTH_OTP_INVALID", "AUTH_OTP_INVALID", "AUTH_OTP_ATTEMPTS_EXCEEDED"]);
    const locked = await failureOf(verifyOtp(f.user.email!, code));
    expect(locked).toMatchObject({ code: "AUTH_OTP_ATTEMPTS_EXCEEDED", status: 429 });
    // The way on is a new code, allowed 30 s after the last send.
    expect(locked.retryAfterSeconds).toBe(30);
    f.clock.advance(30 * SECOND);
    await send(f.user.email!);
    const fresh = (await latestCode(f.user.email!))!;
    expect((await verifyOtp(f.user.email!, fresh)).agentId).toBe(f.agent.id);
  });

  it("answers every try for an unknown identifier exactly as for a known one", async () => {
    const run = async (identifier: string, wrongCode: () => Promise<string>) => {
      const answers: unknown[] = [toJsonString(SendOtpResponseSchema, await send(identifier))];
      const code = await wrongCode();
      for (let i = 0; i < 6; i++) {
        const e = await failureOf(verifyOtp(identifier, code));
        answers.push([e.code, e.message, e.retryAfterSeconds]);
      }
      f.clock.advance(10 * SECOND);
      const limited = await failureOf(send(identifier));
      answers.push([limited.code, limited.message, limited.retryAfterSeconds]);
      return answers;
    };
    const known = await run(f.user.email!, async () => wrong((await latestCode(f.user.email!))!));
    f.clock.set("2026-11-22T06:00:00Z");
    const unknown = await run("nobody@nowhere.test", async () => "000000");
    expect(unknown).toEqual(known);
    expect(known.slice(1, 7).map((a) => (a as string[])[0])).toEqual([
      "AUTH_OTP_INVALID",
      "AUTH_OTP_INVALID",
      "AUTH_OTP_INVALID",
      "AUTH_OTP_INVALID",
      "AUTH_OTP_ATTEMPTS_EXCEEDED",
      "AUTH_OTP_ATTEMPTS_EXCEEDED",
    ]);
  });

  it("lets a code expire after five minutes", async () => {
    await send(f.user.email!);
    const code = (await latestCode(f.user.email!))!;
    f.clock.advance(5 * MINUTE);
    expect((await failureOf(verifyOtp(f.user.email!, code))).code).toBe("AUTH_OTP_EXPIRED");
  });

  it("lets a code work once", async () => {
    await send(f.user.email!);
    const code = (await latestCode(f.user.email!))!;
    await verifyOtp(f.user.email!, code);
    expect((await failureOf(verifyOtp(f.user.email!, code))).code).toBe("AUTH_OTP_INVALID");
  });

  it("replaces the old code with a new one", async () => {
    await send(f.user.email!);
    const first = (await latestCode(f.user.email!))!;
    f.clock.advance(30 * SECOND);
    await send(f.user.email!);
    const second = (await latestCode(f.user.email!))!;
    if (first !== second) expect((await failureOf(verifyOtp(f.user.email!, first))).code).toBe("AUTH_OTP_INVALID");
    expect((await verifyOtp(f.user.email!, second)).userId).toBe(f.user.userId);
  });

  it("limits sends to one per 30 s and five per hour with a retry-after, for known and unknown identifiers alike", async () => {
    for (const identifier of [f.user.email!, "nobody@nowhere.test"]) {
      f.clock.set("2026-11-22T08:00:00Z");
      await send(identifier);
      f.clock.advance(10 * SECOND);
      expect(await failureOf(send(identifier))).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 20 });
      for (let i = 1; i < 5; i++) {
        f.clock.advance(5 * MINUTE);
        await send(identifier);
      }
      f.clock.advance(5 * MINUTE);
      // Five sends at 0:00, 0:05:10 ... 0:20:10; the first leaves the hour at 1:00.
      const hourly = await failureOf(send(identifier));
      expect(hourly).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 60 * 60 - (25 * 60 + 10) });
    }
  });

  it("refuses malformed input with VALIDATION_FAILED before any limit counts", async () => {
    expect((await failureOf(send(""))).errors[0]).toMatchObject({ field: "identifier", code: "REQUIRED" });
    expect((await failureOf(send("+919811111111", OtpChannel.EMAIL))).errors[0]).toMatchObject({
      field: "identifier",
      code: "INVALID_FORMAT",
    });
    expect((await failureOf(send(f.user.email!, 9 as OtpChannel))).errors[0]).toMatchObject({ field: "type", code: "INVALID_VALUE" });
    expect((await failureOf(verifyOtp(f.user.email!, "12345"))).errors[0]).toMatchObject({ field: "code", code: "INVALID_FORMAT" });
    expect((await failureOf(verifyOtp("", ""))).errors.map((e) => e.field)).toEqual(["identifier", "code"]);
    await send(f.user.email!);
  });

  it("refuses a channel without a delivery adapter", async () => {
    const development = { name: "dev", deliver: async () => undefined };
    f = await authFixture({ deliveries: { EMAIL: development } });
    expect((await failureOf(send(f.user.phone!, OtpChannel.SMS))).errors[0]).toMatchObject({ field: "type", code: "INVALID_VALUE" });
  });

  it("answers AUTH_AGENT_SUSPENDED to a right code of a suspended agent's user", async () => {
    await send(f.user.email!);
    const code = (await latestCode(f.user.email!))!;
    await f.store.updateAgentStatus(f.agent.id, { status: "SUSPENDED", at: f.clock.now(), reason: "" });
    expect(await failureOf(verifyOtp(f.user.email!, code))).toMatchObject({ code: "AUTH_AGENT_SUSPENDED", status: 403 });
  });

  it("answers AUTH_OTP_INVALID when no code was sent", async () => {
    expect((await failureOf(verifyOtp(f.user.email!, "123456"))).code).toBe("AUTH_OTP_INVALID");
  });
});

describe("AuthServiceImpl: sessions", () => {
  let f: AuthFixture;
  let token: string;
  beforeEach(async () => {
    f = await authFixture();
    await f.service.sendOtp({ $typeName: "tarmac.auth.v1.SendOtpRequest", identifier: f.user.email!, type: OtpChannel.EMAIL });
    await f.service.settled();
    const code = f.outbox.latestCode(f.user.email!)!;
    token = (await f.service.verifyOtp({ $typeName: "tarmac.auth.v1.VerifyOtpRequest", identifier: f.user.email!, code }))
      .verificationToken;
  });

  const verifyToken = (t: string) => f.service.verifyToken({ $typeName: "tarmac.auth.v1.VerifyTokenRequest", token: t });
  const logout = (t: string) => f.service.logout({ $typeName: "tarmac.auth.v1.LogoutRequest", token: t });

  it("resolves a token to its agent, user and the session scopes (every primary scope but webhooks.manage)", async () => {
    const verified = await verifyToken(token);
    expect(verified).toMatchObject({
      agentId: f.agent.id,
      userId: f.user.userId,
      scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK, Scope.FLIGHT_CANCEL, Scope.FLIGHT_RESCHEDULE, Scope.WALLET_READ],
      agentStatus: AgentStatus.ACTIVE,
      agentTier: AgentTier.STANDARD,
      expiresAt: timestampFromDate(new Date(f.clock.now().getTime() + HOUR)),
    });
    expect(verified.sessionId).toMatch(/^ses_/);
  });

  it("keeps only the token's hash", async () => {
    const stored = await f.store.findSession(hashSessionToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("expires after an hour", async () => {
    f.clock.advance(HOUR - 1);
    expect((await verifyToken(token)).agentId).toBe(f.agent.id);
    f.clock.advance(1);
    expect(await failureOf(verifyToken(token))).toMatchObject({ code: "AUTH_TOKEN_EXPIRED", status: 401 });
  });

  it("logs out: the token stops working at once; a repeat answers the same", async () => {
    await logout(token);
    expect(await failureOf(verifyToken(token))).toMatchObject({ code: "AUTH_INVALID_TOKEN", status: 401 });
    await logout(token);
    await logout("garbage");
    expect((await failureOf(logout(""))).errors[0]).toMatchObject({ field: "token", code: "REQUIRED" });
  });

  it("answers AUTH_INVALID_TOKEN for unknown and malformed tokens", async () => {
    for (const t of ["", "garbage", `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`]) {
      expect((await failureOf(verifyToken(t))).code).toBe("AUTH_INVALID_TOKEN");
    }
  });

  it("reports the session's agent as suspended while it is", async () => {
    await f.store.updateAgentStatus(f.agent.id, { status: "SUSPENDED", at: f.clock.now(), reason: "" });
    expect((await verifyToken(token)).agentStatus).toBe(AgentStatus.SUSPENDED);
  });
});

describe("AuthServiceImpl: development outbox", () => {
  it("lists what the development adapter sent, newest first, by identifier and limit", async () => {
    const f = await authFixture();
    await f.service.sendOtp({ $typeName: "tarmac.auth.v1.SendOtpRequest", identifier: f.user.email!, type: OtpChannel.EMAIL });
    await f.service.sendOtp({ $typeName: "tarmac.auth.v1.SendOtpRequest", identifier: f.user.phone!, type: OtpChannel.SMS });
    // No settled(): the RPC waits for deliveries under way itself.
    const all = await f.service.listDevOutbox({ $typeName: "tarmac.auth.v1.ListDevOutboxRequest", identifier: "", limit: 0 });
    expect(all.messages.map((m) => m.channel)).toEqual([OtpChannel.SMS, OtpChannel.EMAIL]);
    const mine = await f.service.listDevOutbox({
      $typeName: "tarmac.auth.v1.ListDevOutboxRequest",
      identifier: "Asha@Fixture.test",
      limit: 5,
    });
    expect(mine.messages).toHaveLength(1);
    expect(mine.messages[0]).toMatchObject({
      to: f.user.email,
      channel: OtpChannel.EMAIL,
      subject: "Your Tarmac login code",
      body: expect.stringContaining(mine.messages[0]!.code),
    });
    expect(
      (await f.service.listDevOutbox({ $typeName: "tarmac.auth.v1.ListDevOutboxRequest", identifier: "", limit: 1 })).messages,
    ).toHaveLength(1);
  });

  it("answers AUTH_FORBIDDEN without the development adapter", async () => {
    const f = await authFixture({ withOutbox: false });
    const error = await failureOf(f.service.listDevOutbox(create(ListDevOutboxRequestSchema)));
    expect(error).toMatchObject({ code: "AUTH_FORBIDDEN", status: 403 });
  });
});
