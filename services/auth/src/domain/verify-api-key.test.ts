import { DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import type { Agent } from "./agent.js";
import type { ApiKeyRecord } from "./api-key-record.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./api-key.js";
import { shouldRecordUse } from "./key-usage.js";
import { verifyApiKey } from "./verify-api-key.js";

const now = new Date("2026-11-22T06:00:00Z");
const agent: Agent = { id: "agt_1", name: "A", status: "SUSPENDED", tier: "ENTERPRISE", createdAt: now };
const key = generateApiKey(false);
const record: ApiKeyRecord = {
  keyId: parseApiKey(key)!.keyId,
  agentId: agent.id,
  hash: hashApiKey(key),
  scopes: ["flight.search"],
  sandbox: false,
  createdAt: new Date("2026-11-01T00:00:00Z"),
};

function rejection(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("verifyApiKey", () => {
  it("returns the agent, key id, scopes, status and tier for a good key", () => {
    expect(verifyApiKey(key, record, agent, now)).toEqual({
      agentId: "agt_1",
      keyId: record.keyId,
      scopes: ["flight.search"],
      agentStatus: "SUSPENDED",
      agentTier: "ENTERPRISE",
    });
  });

  it.each([
    ["unknown key id", () => verifyApiKey(key, undefined, agent, now)],
    ["wrong secret", () => verifyApiKey(`${key.slice(0, -1)}${key.endsWith("a") ? "b" : "a"}`, record, agent, now)],
    ["revoked", () => verifyApiKey(key, { ...record, revokedAt: new Date(now.getTime() - 1) }, agent, now)],
    ["expired", () => verifyApiKey(key, { ...record, expiresAt: now }, agent, now)],
    ["agent missing", () => verifyApiKey(key, record, undefined, now)],
    ["agent of another key", () => verifyApiKey(key, record, { ...agent, id: "agt_2" }, now)],
  ])("answers the same AUTH_INVALID_API_KEY for: %s", (_, run) => {
    const error = rejection(run);
    expect(error.code).toBe("AUTH_INVALID_API_KEY");
    expect(error.message).toBe("unknown, revoked or expired API key");
  });

  it("reports a sub-agent of a suspended agency as suspended", () => {
    const sub: Agent = { ...agent, status: "ACTIVE", parentAgentId: "agt_parent" };
    const parent: Agent = { ...agent, id: "agt_parent", status: "SUSPENDED" };
    expect(verifyApiKey(key, record, sub, now, parent).agentStatus).toBe("SUSPENDED");
    expect(verifyApiKey(key, record, sub, now, { ...parent, status: "ACTIVE" }).agentStatus).toBe("ACTIVE");
  });

  it("accepts a key whose expiry or revocation is still ahead (rotation grace period)", () => {
    const later = new Date(now.getTime() + 60_000);
    expect(verifyApiKey(key, { ...record, expiresAt: later, revokedAt: later }, agent, now).keyId).toBe(record.keyId);
  });
});

describe("shouldRecordUse", () => {
  it("records a first use, then at most once a minute", () => {
    expect(shouldRecordUse(record, now)).toBe(true);
    const used = { ...record, lastUsedAt: now };
    expect(shouldRecordUse(used, new Date(now.getTime() + 59_999))).toBe(false);
    expect(shouldRecordUse(used, new Date(now.getTime() + 60_000))).toBe(true);
  });
});
