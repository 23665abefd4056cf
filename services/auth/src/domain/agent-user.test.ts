import { describe, expect, it } from "vitest";
import { normalizeEmail, normalizePhone, parseIdentifier } from "./agent-user.js";
import { effectiveStatus, type Agent } from "./agent.js";

describe("identifiers", () => {
  it("normalizes e-mail addresses to trimmed lower case", () => {
    expect(normalizeEmail("  Demo@Tarmac.TEST ")).toBe("demo@tarmac.test");
    for (const bad of ["", "demo", "demo@", "@tarmac.test", "a b@tarmac.test", "demo@tarmac", "a@b@c.d", `${"a".repeat(65)}@x.io`]) {
      expect(normalizeEmail(bad), bad).toBeUndefined();
    }
  });

  it("normalizes phone numbers to E.164, dropping the separators people type", () => {
    expect(normalizePhone("+91 98000-00001")).toBe("+919800000001");
    expect(normalizePhone("+1 (415) 555.0100")).toBe("+14155550100");
    for (const bad of ["", "9800000001", "+0123456789", "+12345", "+1234567890123456", "+91 98000 0000x"]) {
      expect(normalizePhone(bad), bad).toBeUndefined();
    }
  });

  it("reads the channel from the identifier when none is given, and holds it to a given one", () => {
    expect(parseIdentifier("Demo@Tarmac.test")).toEqual({ channel: "EMAIL", value: "demo@tarmac.test" });
    expect(parseIdentifier("+919800000001")).toEqual({ channel: "SMS", value: "+919800000001" });
    expect(parseIdentifier("+919800000001", "EMAIL")).toBeUndefined();
    expect(parseIdentifier("demo@tarmac.test", "SMS")).toBeUndefined();
  });
});

describe("effectiveStatus", () => {
  const base: Agent = { id: "agt_1", name: "A", status: "ACTIVE", tier: "STANDARD", createdAt: new Date(0) };
  const parent: Agent = { ...base, id: "agt_p" };

  it("is the agent's own status for a top-level agency", () => {
    expect(effectiveStatus(base, undefined)).toBe("ACTIVE");
    expect(effectiveStatus({ ...base, status: "SUSPENDED" }, undefined)).toBe("SUSPENDED");
  });

  it("suspends a sub-agent whose agency is suspended or gone", () => {
    const sub = { ...base, parentAgentId: parent.id };
    expect(effectiveStatus(sub, parent)).toBe("ACTIVE");
    expect(effectiveStatus(sub, { ...parent, status: "SUSPENDED" })).toBe("SUSPENDED");
    expect(effectiveStatus(sub, undefined)).toBe("SUSPENDED");
  });
});
