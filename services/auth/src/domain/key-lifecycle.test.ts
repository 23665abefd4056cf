import { describe, expect, it } from "vitest";
import type { ApiKeyRecord } from "./api-key-record.js";
import { isKeyLive } from "./api-key-record.js";
import { revokedAtFor, rotatedKeyRevokedAt, rotationRefusal } from "./key-lifecycle.js";
import { canonicalScopes, defaultKeyScopes, SCOPES } from "./scopes.js";

const now = new Date("2026-11-22T06:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const record: ApiKeyRecord = { keyId: "Ab3dE6g8", agentId: "agt_1", hash: "00", scopes: ["flight.search"], sandbox: false, createdAt: now };

describe("key lifecycle", () => {
  it("a key is live until its revocation or expiry instant", () => {
    expect(isKeyLive(record, now)).toBe(true);
    expect(isKeyLive({ ...record, revokedAt: later(1) }, now)).toBe(true);
    expect(isKeyLive({ ...record, revokedAt: now }, now)).toBe(false);
    expect(isKeyLive({ ...record, expiresAt: now }, now)).toBe(false);
  });

  it("rotates only a live key that was never rotated", () => {
    expect(rotationRefusal(record, now)).toBeUndefined();
    expect(rotationRefusal({ ...record, revokedAt: now }, now)?.errors[0]).toMatchObject({ field: "key_id", code: "INVALID_VALUE" });
    expect(rotationRefusal({ ...record, replacedByKeyId: "Next0001" }, now)?.message).toMatch(/Next0001/);
  });

  it("ends a rotated key's life after the grace period, never later than a revocation already set", () => {
    expect(rotatedKeyRevokedAt(record, now, 3600)).toEqual(later(3600_000));
    expect(rotatedKeyRevokedAt({ ...record, revokedAt: later(60_000) }, now, 3600)).toEqual(later(60_000));
    expect(rotatedKeyRevokedAt(record, now, 0)).toEqual(now);
  });

  it("revokes now unless it already was", () => {
    expect(revokedAtFor(record, now)).toEqual(now);
    expect(revokedAtFor({ ...record, revokedAt: later(-5) }, now)).toEqual(later(-5));
    expect(revokedAtFor({ ...record, revokedAt: later(5) }, now)).toEqual(now);
  });
});

describe("scopes", () => {
  it("defaults keys to every scope but agency.manage, webhooks.manage for enterprise agents only", () => {
    expect(defaultKeyScopes("ENTERPRISE")).toEqual(SCOPES.filter((scope) => scope !== "agency.manage"));
    expect(defaultKeyScopes("STANDARD")).not.toContain("webhooks.manage");
    expect(defaultKeyScopes("STANDARD")).not.toContain("agency.manage");
    expect(defaultKeyScopes("STANDARD")).toHaveLength(5);
  });

  it("puts scopes in canonical order without repeats", () => {
    expect(canonicalScopes(["wallet.read", "flight.search", "wallet.read"])).toEqual(["flight.search", "wallet.read"]);
  });
});
