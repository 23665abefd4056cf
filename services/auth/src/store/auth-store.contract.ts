import { newId } from "@tarmac/kernel";
import { beforeEach, describe, expect, it } from "vitest";
import type { Agent } from "../domain/agent.js";
import type { AgentUser } from "../domain/agent-user.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import { generateApiKey, hashApiKey, parseApiKey } from "../domain/api-key.js";
import type { OtpChallenge } from "../domain/otp.js";
import { OTP_RESEND_INTERVAL_SECONDS, OTP_SEND_WINDOW_SECONDS } from "../domain/otp-send-limit.js";
import { SESSION_SCOPES } from "../domain/scopes.js";
import { generateSessionToken, hashSessionToken, type Session } from "../domain/session.js";
import { DuplicateApiKeyError, DuplicateIdentifierError, type AuthStore } from "./auth-store.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The behaviour every AuthStore adapter must have; each adapter's test file runs it. Adapters
 * may share one database across tests, so every test uses ids, identifiers and keys of its own,
 * and times near the real now (MongoDB's TTL monitor runs on the server's real clock).
 */
export function describeAuthStoreContract(name: string, makeStore: () => Promise<AuthStore>): void {
  describe(`AuthStore contract: ${name}`, () => {
    let store: AuthStore;
    let t0: number;
    let agent: Agent;
    const at = (ms: number) => new Date(t0 + ms);

    beforeEach(async () => {
      store = await makeStore();
      // Whole milliseconds a minute ago: dates survive the BSON round trip exactly.
      t0 = Date.now() - MINUTE;
      agent = { id: newId("agt"), name: "Contract Travels", status: "ACTIVE", tier: "STANDARD", createdAt: at(0) };
    });

    const uniqueEmail = () => `${newId("u").toLowerCase()}@contract.test`;
    const uniquePhone = () => `+91${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    const user = (overrides: Partial<AgentUser> = {}): AgentUser => ({
      userId: newId("usr"),
      agentId: agent.id,
      email: uniqueEmail(),
      phone: uniquePhone(),
      createdAt: at(0),
      ...overrides,
    });
    const keyRecord = (overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => {
      const apiKey = generateApiKey(true);
      return {
        keyId: parseApiKey(apiKey)!.keyId,
        agentId: agent.id,
        hash: hashApiKey(apiKey),
        scopes: ["flight.search", "wallet.read"],
        sandbox: true,
        createdAt: at(0),
        ...overrides,
      };
    };
    const challenge = (overrides: Partial<OtpChallenge> = {}): OtpChallenge => ({
      identifier: uniqueEmail(),
      challengeId: newId("otp"),
      channel: "EMAIL",
      codeHash: "ab".repeat(32),
      salt: "cd".repeat(16),
      createdAt: at(0),
      expiresAt: at(5 * MINUTE),
      attempts: 0,
      userId: newId("usr"),
      ...overrides,
    });
    const session = (overrides: Partial<Session> = {}): Session => ({
      sessionId: newId("ses"),
      tokenHash: hashSessionToken(generateSessionToken()),
      agentId: agent.id,
      userId: newId("usr"),
      scopes: SESSION_SCOPES,
      createdAt: at(0),
      expiresAt: at(60 * MINUTE),
      ...overrides,
    });

    describe("agents", () => {
      it("saves, finds and replaces agents with every field", async () => {
        expect(await store.findAgent(agent.id)).toBeUndefined();
        await store.saveAgent(agent);
        expect(await store.findAgent(agent.id)).toEqual(agent);
        const full: Agent = { ...agent, status: "SUSPENDED", parentAgentId: newId("agt"), suspendedAt: at(1), suspensionReason: "unpaid" };
        await store.saveAgent(full);
        expect(await store.findAgent(agent.id)).toEqual(full);
      });

      it("creates an agent with its users, found by id, e-mail and phone", async () => {
        const both = user({ createdAt: at(0) });
        const phoneOnly = user({ email: undefined, createdAt: at(1) });
        delete (phoneOnly as { email?: string }).email;
        await store.createAgent(agent, [both, phoneOnly]);
        expect(await store.findAgent(agent.id)).toEqual(agent);
        expect(await store.findUserById(both.userId)).toEqual(both);
        expect(await store.findUserByIdentifier({ channel: "EMAIL", value: both.email! })).toEqual(both);
        expect(await store.findUserByIdentifier({ channel: "SMS", value: phoneOnly.phone! })).toEqual(phoneOnly);
        expect(await store.findUserByIdentifier({ channel: "SMS", value: both.email! })).toBeUndefined();
        expect(await store.listUsers(agent.id)).toEqual([both, phoneOnly]);
        expect(await store.listUsers(newId("agt"))).toEqual([]);
      });

      it("creates nothing when an e-mail or phone already belongs to a user", async () => {
        const existing = user();
        await store.createAgent(agent, [existing]);
        for (const [field, clash] of [
          ["email", { email: existing.email }],
          ["phone", { phone: existing.phone }],
        ] as const) {
          const other: Agent = { ...agent, id: newId("agt") };
          const fresh = user({ agentId: other.id });
          const clashing = user({ agentId: other.id, ...clash });
          const error = await store.createAgent(other, [fresh, clashing]).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(DuplicateIdentifierError);
          expect((error as DuplicateIdentifierError).field).toBe(field);
          expect(await store.findAgent(other.id)).toBeUndefined();
          expect(await store.findUserById(fresh.userId)).toBeUndefined();
        }
      });

      it("refuses two users of one new agent with the same e-mail", async () => {
        const first = user();
        const error = await store.createAgent(agent, [first, user({ email: first.email })]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateIdentifierError);
        expect(await store.findAgent(agent.id)).toBeUndefined();
      });

      it("suspends once, keeping the first time and reason, and reactivates clearing both", async () => {
        await store.saveAgent(agent);
        const suspended = await store.updateAgentStatus(agent.id, { status: "SUSPENDED", at: at(10), reason: "unpaid" });
        expect(suspended).toEqual({ ...agent, status: "SUSPENDED", suspendedAt: at(10), suspensionReason: "unpaid" });
        const again = await store.updateAgentStatus(agent.id, { status: "SUSPENDED", at: at(20), reason: "other" });
        expect(again).toEqual(suspended);
        const active = await store.updateAgentStatus(agent.id, { status: "ACTIVE" });
        expect(active).toEqual(agent);
        expect(await store.findAgent(agent.id)).toEqual(agent);
        expect(await store.updateAgentStatus(newId("agt"), { status: "ACTIVE" })).toBeUndefined();
      });
    });

    describe("agent tier", () => {
      it("sets the tier, keeps every other field, and answers undefined for an unknown agent", async () => {
        await store.saveAgent({ ...agent, parentAgentId: newId("agt") });
        const enterprise = await store.setAgentTier(agent.id, "ENTERPRISE");
        expect(enterprise).toEqual({ ...agent, parentAgentId: enterprise?.parentAgentId, tier: "ENTERPRISE" });
        expect(await store.findAgent(agent.id)).toEqual(enterprise);
        expect(await store.setAgentTier(agent.id, "ENTERPRISE")).toEqual(enterprise);
        expect(await store.setAgentTier(agent.id, "STANDARD")).toEqual({ ...enterprise, tier: "STANDARD" });
        expect(await store.setAgentTier(newId("agt"), "ENTERPRISE")).toBeUndefined();
      });
    });

    describe("sub-agents", () => {
      it("lists an agency's sub-agents oldest first, suspended ones included, and no one else's", async () => {
        await store.saveAgent(agent);
        const sub = (ms: number, overrides: Partial<Agent> = {}): Agent => ({
          ...agent,
          id: newId("agt"),
          name: `Branch ${ms}`,
          createdAt: at(ms),
          parentAgentId: agent.id,
          ...overrides,
        });
        const later = sub(20);
        const earlier = sub(10);
        const suspended = sub(30, { status: "SUSPENDED", suspendedAt: at(31), suspensionReason: "dues" });
        await store.createAgent(later, []);
        await store.createAgent(earlier, []);
        await store.createAgent(suspended, []);
        // Another agency's sub-agent, and a top-level agency.
        const stranger = newId("agt");
        await store.createAgent(sub(5, { parentAgentId: stranger }), []);
        await store.createAgent({ ...agent, id: newId("agt") }, []);
        expect(await store.listSubAgents(agent.id)).toEqual([earlier, later, suspended]);
        expect(await store.listSubAgents(earlier.id)).toEqual([]);
        expect((await store.listSubAgents(stranger)).map((a) => a.name)).toEqual(["Branch 5"]);
      });

      it("renames an agent keeping every other field, and answers undefined for an unknown one", async () => {
        const sub: Agent = { ...agent, parentAgentId: newId("agt"), tier: "ENTERPRISE" };
        await store.saveAgent(sub);
        const renamed = await store.renameAgent(sub.id, "Contract Travels Pune");
        expect(renamed).toEqual({ ...sub, name: "Contract Travels Pune" });
        expect(await store.findAgent(sub.id)).toEqual(renamed);
        expect(await store.renameAgent(newId("agt"), "Nobody")).toBeUndefined();
      });
    });

    describe("agent billing", () => {
      const billing = {
        gstin: "29AAACT2727Q1ZS",
        legalName: "Contract Travels Private Limited",
        address: {
          lines: ["4th Floor, 12 MG Road", "Ashok Nagar"],
          city: "Bengaluru",
          state: "Karnataka",
          pinCode: "560001",
          country: "IN",
        },
        email: "accounts@contract.test",
      } as const;

      it("stores billing details with the agent, replaces them whole, and keeps every other field", async () => {
        await store.saveAgent(agent);
        expect((await store.findAgent(agent.id))?.billing).toBeUndefined();
        const set = await store.setAgentBilling(agent.id, billing);
        expect(set).toEqual({ ...agent, billing });
        expect(await store.findAgent(agent.id)).toEqual({ ...agent, billing });
        const moved = {
          ...billing,
          gstin: "27AAPFU0939F1ZV",
          address: { ...billing.address, lines: ["1 Marine Drive"], city: "Mumbai", state: "Maharashtra", pinCode: "400020" },
        };
        expect(await store.setAgentBilling(agent.id, moved)).toEqual({ ...agent, billing: moved });
        expect((await store.findAgent(agent.id))?.billing?.address.lines).toEqual(["1 Marine Drive"]);
        const tiered = await store.setAgentTier(agent.id, "ENTERPRISE");
        expect(tiered?.billing).toEqual(moved);
        expect(await store.setAgentBilling(newId("agt"), billing)).toBeUndefined();
      });

      it("keeps billing details through saveAgent and a status change", async () => {
        await store.saveAgent({ ...agent, billing });
        expect((await store.findAgent(agent.id))?.billing).toEqual(billing);
        const suspended = await store.updateAgentStatus(agent.id, { status: "SUSPENDED", at: at(5), reason: "audit" });
        expect(suspended?.billing).toEqual(billing);
      });
    });

    describe("users", () => {
      it("creates and replaces a user; a changed e-mail is free again", async () => {
        const first = user();
        await store.saveUser(first);
        const changed = { ...first, email: uniqueEmail() };
        await store.saveUser(changed);
        expect(await store.findUserById(first.userId)).toEqual(changed);
        expect(await store.findUserByIdentifier({ channel: "EMAIL", value: first.email! })).toBeUndefined();
        await store.saveUser(user({ email: first.email }));
      });

      it("refuses another user's e-mail or phone", async () => {
        const first = user();
        await store.saveUser(first);
        await expect(store.saveUser(user({ email: first.email }))).rejects.toMatchObject({
          name: "DuplicateIdentifierError",
          field: "email",
        });
        await expect(store.saveUser(user({ phone: first.phone }))).rejects.toMatchObject({
          name: "DuplicateIdentifierError",
          field: "phone",
        });
      });
    });

    describe("API keys", () => {
      it("stores a key record with every field and finds it by key id", async () => {
        const record = keyRecord({
          expiresAt: at(30 * 24 * 60 * MINUTE),
          revokedAt: at(20 * 24 * 60 * MINUTE),
          lastUsedAt: at(5),
          sandbox: false,
          replacesKeyId: "Prev0001",
          replacedByKeyId: "Next0001",
        });
        await store.saveApiKey(record);
        expect(await store.findApiKeyById(record.keyId)).toEqual(record);
        expect(await store.findApiKeyById("Zz999999")).toBeUndefined();
      });

      it("refuses a second key with the same key id or the same hash", async () => {
        const record = keyRecord();
        await store.saveApiKey(record);
        await expect(store.saveApiKey({ ...keyRecord(), keyId: record.keyId })).rejects.toThrow(DuplicateApiKeyError);
        await expect(store.saveApiKey({ ...keyRecord(), hash: record.hash })).rejects.toThrow(DuplicateApiKeyError);
        expect(await store.findApiKeyById(record.keyId)).toEqual(record);
      });

      it("lists an agent's keys newest first, and only that agent's", async () => {
        const older = keyRecord({ createdAt: at(0) });
        const newer = keyRecord({ createdAt: at(1000), revokedAt: at(2000) });
        await store.saveApiKey(older);
        await store.saveApiKey(newer);
        await store.saveApiKey(keyRecord({ agentId: newId("agt") }));
        expect(await store.listApiKeys(agent.id)).toEqual([newer, older]);
        expect(await store.listApiKeys(newId("agt"))).toEqual([]);
      });

      it("records the last use and never moves it backwards", async () => {
        const record = keyRecord();
        await store.saveApiKey(record);
        await store.touchApiKey(record.keyId, at(10 * MINUTE));
        expect((await store.findApiKeyById(record.keyId))?.lastUsedAt).toEqual(at(10 * MINUTE));
        await store.touchApiKey(record.keyId, at(5 * MINUTE));
        expect((await store.findApiKeyById(record.keyId))?.lastUsedAt).toEqual(at(10 * MINUTE));
      });

      it("ignores a touch of an unknown key", async () => {
        await store.touchApiKey("Nope0000", new Date());
        expect(await store.findApiKeyById("Nope0000")).toBeUndefined();
      });

      it("rotates a live key: stores the successor and marks the old one with its end of grace", async () => {
        const old = keyRecord();
        await store.saveApiKey(old);
        const successor = keyRecord({ createdAt: at(MINUTE), replacesKeyId: old.keyId });
        const updated = await store.rotateApiKey(old.keyId, successor, at(25 * 60 * MINUTE), at(MINUTE));
        expect(updated).toEqual({ ...old, revokedAt: at(25 * 60 * MINUTE), replacedByKeyId: successor.keyId });
        expect(await store.findApiKeyById(old.keyId)).toEqual(updated);
        expect(await store.findApiKeyById(successor.keyId)).toEqual(successor);
      });

      it.each([
        ["revoked", { revokedAt: new Date(0) }],
        ["expired", { expiresAt: new Date(0) }],
        ["already rotated", { replacedByKeyId: "Next0001" }],
      ])("writes nothing when rotating a key that is %s", async (_, state) => {
        const old = keyRecord(state);
        await store.saveApiKey(old);
        const successor = keyRecord();
        expect(await store.rotateApiKey(old.keyId, successor, at(MINUTE), at(0))).toBeUndefined();
        expect(await store.findApiKeyById(old.keyId)).toEqual(old);
        expect(await store.findApiKeyById(successor.keyId)).toBeUndefined();
        expect(await store.rotateApiKey("Nope0000", keyRecord(), at(MINUTE), at(0))).toBeUndefined();
      });

      it("writes nothing when the successor's key id exists", async () => {
        const old = keyRecord();
        const taken = keyRecord();
        await store.saveApiKey(old);
        await store.saveApiKey(taken);
        await expect(store.rotateApiKey(old.keyId, keyRecord({ keyId: taken.keyId }), at(MINUTE), at(0))).rejects.toThrow(
          DuplicateApiKeyError,
        );
        expect(await store.findApiKeyById(old.keyId)).toEqual(old);
      });

      it("lets exactly one of concurrent rotations of a key win", async () => {
        const old = keyRecord();
        await store.saveApiKey(old);
        const successors = Array.from({ length: 6 }, () => keyRecord());
        const results = await Promise.all(
          successors.map((s) => store.rotateApiKey(old.keyId, s, at(MINUTE), at(0)).catch((e: unknown) => e)),
        );
        const winners = results.filter((r) => r !== undefined && !(r instanceof Error));
        expect(winners).toHaveLength(1);
        const stored = await Promise.all(successors.map((s) => store.findApiKeyById(s.keyId)));
        expect(stored.filter(Boolean)).toHaveLength(1);
        expect((await store.findApiKeyById(old.keyId))?.replacedByKeyId).toBe(stored.find(Boolean)!.keyId);
      });

      it("revokes now, cuts a grace period short, and leaves an earlier revocation alone", async () => {
        const live = keyRecord();
        const inGrace = keyRecord({ revokedAt: at(60 * MINUTE), replacedByKeyId: "Next0001" });
        const revoked = keyRecord({ revokedAt: at(-MINUTE) });
        for (const r of [live, inGrace, revoked]) await store.saveApiKey(r);
        expect(await store.revokeApiKey(live.keyId, at(0))).toEqual({ ...live, revokedAt: at(0) });
        expect(await store.revokeApiKey(inGrace.keyId, at(0))).toEqual({ ...inGrace, revokedAt: at(0) });
        expect(await store.revokeApiKey(revoked.keyId, at(0))).toEqual(revoked);
        expect(await store.findApiKeyById(live.keyId)).toEqual({ ...live, revokedAt: at(0) });
        expect(await store.revokeApiKey("Nope0000", at(0))).toBeUndefined();
      });
    });

    describe("one-time code send limit", () => {
      it("accepts one send per 30 s and says how long to wait", async () => {
        const id = uniqueEmail();
        expect(await store.recordOtpSend(id, at(0))).toEqual({ accepted: true, retryAfterMs: 0 });
        expect(await store.recordOtpSend(id, at(10 * SECOND))).toEqual({ accepted: false, retryAfterMs: 20 * SECOND });
        expect(await store.otpSendRetryAfterMs(id, at(12 * SECOND))).toBe(18 * SECOND);
        expect((await store.recordOtpSend(id, at(OTP_RESEND_INTERVAL_SECONDS * SECOND))).accepted).toBe(true);
        expect(await store.otpSendRetryAfterMs(uniqueEmail(), at(0))).toBe(0);
      });

      it("accepts five sends an hour, sliding, and refuses the sixth until the oldest leaves the window", async () => {
        const id = uniqueEmail();
        for (let i = 0; i < 5; i++) expect((await store.recordOtpSend(id, at(i * MINUTE))).accepted).toBe(true);
        const sixth = await store.recordOtpSend(id, at(10 * MINUTE));
        expect(sixth).toEqual({ accepted: false, retryAfterMs: 50 * MINUTE });
        // Refused sends do not count.
        expect((await store.recordOtpSend(id, at(OTP_SEND_WINDOW_SECONDS * SECOND - 1))).accepted).toBe(false);
        expect((await store.recordOtpSend(id, at(OTP_SEND_WINDOW_SECONDS * SECOND))).accepted).toBe(true);
        // The window now holds the sends of minutes 1..4 and 60: the next one waits for minute 61.
        expect(await store.recordOtpSend(id, at(OTP_SEND_WINDOW_SECONDS * SECOND + MINUTE - 1))).toEqual({
          accepted: false,
          retryAfterMs: 1,
        });
        expect(await store.otpSendRetryAfterMs(id, at(OTP_SEND_WINDOW_SECONDS * SECOND + 30 * SECOND))).toBe(30 * SECOND);
      });

      it("keeps identifiers apart", async () => {
        const a = uniqueEmail();
        const b = uniqueEmail();
        expect((await store.recordOtpSend(a, at(0))).accepted).toBe(true);
        expect((await store.recordOtpSend(b, at(0))).accepted).toBe(true);
      });

      it("accepts exactly one of many concurrent sends", async () => {
        const id = uniqueEmail();
        const results = await Promise.all(Array.from({ length: 10 }, () => store.recordOtpSend(id, at(0))));
        expect(results.filter((r) => r.accepted)).toHaveLength(1);
      });
    });

    describe("one-time code challenges", () => {
      it("counts tries up to the maximum, then answers locked without counting", async () => {
        const c = challenge();
        await store.saveOtpChallenge(c);
        for (let i = 1; i <= 5; i++) {
          expect(await store.attemptOtp(c.identifier, at(MINUTE), 5)).toEqual({ outcome: "counted", challenge: { ...c, attempts: i } });
        }
        expect(await store.attemptOtp(c.identifier, at(MINUTE), 5)).toEqual({ outcome: "locked" });
      });

      it("answers expired at the expiry instant and missing for an identifier without a code", async () => {
        const c = challenge();
        await store.saveOtpChallenge(c);
        expect(await store.attemptOtp(c.identifier, c.expiresAt, 5)).toEqual({ outcome: "expired" });
        expect(await store.attemptOtp(uniqueEmail(), at(0), 5)).toEqual({ outcome: "missing" });
      });

      it("keeps a stand-in challenge without a user as it is", async () => {
        const c = challenge();
        delete (c as { userId?: string }).userId;
        await store.saveOtpChallenge(c);
        expect(await store.attemptOtp(c.identifier, at(0), 5)).toEqual({ outcome: "counted", challenge: { ...c, attempts: 1 } });
      });

      it("replaces an identifier's code with a new one whose tries start over", async () => {
        const first = challenge();
        await store.saveOtpChallenge(first);
        for (let i = 0; i < 5; i++) await store.attemptOtp(first.identifier, at(0), 5);
        const second = challenge({ identifier: first.identifier, codeHash: "ef".repeat(32), createdAt: at(SECOND) });
        await store.saveOtpChallenge(second);
        expect(await store.attemptOtp(first.identifier, at(2 * SECOND), 5)).toEqual({
          outcome: "counted",
          challenge: { ...second, attempts: 1 },
        });
        expect(await store.consumeOtpChallenge(first.identifier, first.challengeId)).toBe(false);
      });

      it("consumes a code once, for exactly one of concurrent callers", async () => {
        const c = challenge();
        await store.saveOtpChallenge(c);
        const results = await Promise.all(Array.from({ length: 8 }, () => store.consumeOtpChallenge(c.identifier, c.challengeId)));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.attemptOtp(c.identifier, at(0), 5)).toEqual({ outcome: "missing" });
      });

      it("never counts concurrent tries past the maximum", async () => {
        const c = challenge();
        await store.saveOtpChallenge(c);
        const results = await Promise.all(Array.from({ length: 20 }, () => store.attemptOtp(c.identifier, at(0), 5)));
        expect(results.filter((r) => r.outcome === "counted")).toHaveLength(5);
        expect(results.filter((r) => r.outcome === "locked")).toHaveLength(15);
        const counts = results.flatMap((r) => (r.outcome === "counted" ? [r.challenge.attempts] : [])).sort();
        expect(counts).toEqual([1, 2, 3, 4, 5]);
      });
    });

    describe("sessions", () => {
      it("stores a session, finds it by token hash and revokes it once", async () => {
        const s = session();
        await store.saveSession(s);
        expect(await store.findSession(s.tokenHash)).toEqual(s);
        expect(await store.findSession(hashSessionToken(generateSessionToken()))).toBeUndefined();
        expect(await store.revokeSession(s.tokenHash, at(SECOND))).toBe(true);
        expect(await store.findSession(s.tokenHash)).toEqual({ ...s, revokedAt: at(SECOND) });
        expect(await store.revokeSession(s.tokenHash, at(2 * SECOND))).toBe(false);
        expect((await store.findSession(s.tokenHash))?.revokedAt).toEqual(at(SECOND));
        expect(await store.revokeSession(hashSessionToken(generateSessionToken()), at(0))).toBe(false);
      });

      it("refuses a second session with the same token hash", async () => {
        const s = session();
        await store.saveSession(s);
        await expect(store.saveSession(session({ tokenHash: s.tokenHash }))).rejects.toThrow();
      });
    });
  });
}
