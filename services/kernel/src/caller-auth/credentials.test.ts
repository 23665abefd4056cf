import { createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  developmentCredential,
  developmentTrustedCallers,
  formatCredential,
  isDevelopmentKey,
  newCredential,
  parseCredential,
  parseTrustedCallers,
  trustEntryOf,
} from "./credentials.js";

describe("caller credentials", () => {
  it("round-trips a new credential and trusts exactly its public key", () => {
    const credential = newCredential("reports", "2026-11");
    const parsed = parseCredential(formatCredential(credential));
    expect([parsed.caller, parsed.kid]).toEqual(["reports", "2026-11"]);
    const trusted = parseTrustedCallers(`${trustEntryOf(credential)}, ${trustEntryOf(newCredential("reports", "2026-12"))}`);
    expect([...(trusted.get("reports")?.keys() ?? [])]).toEqual(["2026-11", "2026-12"]);
    expect(trusted.get("reports")?.get("2026-11")?.equals(createPublicKey(credential.privateKey))).toBe(true);
  });

  it("refuses malformed entries with a message saying the format", () => {
    expect(() => parseCredential("gateway:k1")).toThrow(/<caller>:<key id>:<base64url key>/);
    expect(() => parseTrustedCallers("Gateway:k1:AAAA")).toThrow(/lower-case/);
    expect(() => parseCredential(`gateway:k1:${Buffer.from("not a key").toString("base64url")}`)).toThrow();
    // A public key where a private one belongs, and the other way round.
    const entry = trustEntryOf(newCredential("gateway", "k1"));
    expect(() => parseCredential(entry)).toThrow();
    expect(() => parseTrustedCallers(formatCredential(newCredential("gateway", "k1")))).toThrow();
  });

  it("derives development keys from the caller's name, which anyone can do", () => {
    const gateway = developmentCredential("gateway");
    expect(formatCredential(developmentCredential("gateway"))).toBe(formatCredential(gateway));
    expect(formatCredential(developmentCredential("booking"))).not.toBe(formatCredential(gateway));
    expect(isDevelopmentKey("gateway", createPublicKey(gateway.privateKey))).toBe(true);
    expect(isDevelopmentKey("gateway", createPublicKey(newCredential("gateway").privateKey))).toBe(false);
    expect([...developmentTrustedCallers().keys()]).toEqual([
      "gateway",
      "search",
      "fare",
      "booking",
      "wallet",
      "auth",
      "airline",
      "webhooks",
      "admin",
    ]);
  });
});
