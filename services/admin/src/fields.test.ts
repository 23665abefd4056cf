import { describe, expect, it } from "vitest";
import { agentId, agentName, email, keyId, phone, reference, rupees, scopeList, wholeNumber } from "./fields.js";

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("field schemas", () => {
  it("takes agent ids of printable ASCII and refuses spaces around or control characters", () => {
    expect(agentId.parse("agt_01JD8X3Q4N")).toBe("agt_01JD8X3Q4N");
    expect(issue(agentId.safeParse(" agt_1"))).toContain("printable ASCII");
    expect(issue(agentId.safeParse("agt\u0000"))).toContain("printable ASCII");
    expect(issue(agentId.safeParse("a".repeat(129)))).toContain("at most 128");
    expect(issue(agentId.safeParse(undefined))).toBe("is required");
  });

  it("refuses a whole API key where a key id belongs, without repeating it", () => {
    const secret = "tk_live_Ab3dE6gH_0123456789abcdef0123456789abcdef";
    const message = issue(keyId.safeParse(secret));
    expect(message).toContain("looks like a whole API key");
    expect(message).not.toContain("0123456789abcdef");
    expect(keyId.parse("Ab3dE6gH")).toBe("Ab3dE6gH");
    expect(issue(keyId.safeParse("Ab3d E6gH"))).toContain("must be a key id");
  });

  it("trims names and refuses blank ones", () => {
    expect(agentName.parse("  Sky Travels ")).toBe("Sky Travels");
    expect(issue(agentName.safeParse("   "))).toBe("must not be empty");
  });

  it("checks references, e-mail and phone", () => {
    expect(reference.parse("NEFT-2026-11-22-001")).toBe("NEFT-2026-11-22-001");
    expect(issue(reference.safeParse(""))).toContain("printable ASCII");
    expect(email.parse("ops@sky.example")).toBe("ops@sky.example");
    expect(issue(email.safeParse("ops@"))).toContain("e-mail address");
    expect(phone.parse("+919812345678")).toBe("+919812345678");
    expect(issue(phone.safeParse("9812345678"))).toContain("international form");
  });

  it("reads rupees into paise with a floor", () => {
    expect(rupees(1).parse("50000.00")).toBe(5_000_000);
    expect(rupees(0).parse("0")).toBe(0);
    expect(issue(rupees(1).safeParse("0.00"))).toBe("must be at least 0.01 rupees");
    expect(issue(rupees(0).safeParse("12.345"))).toBe('"12.345" has more than 2 decimal places (a paisa is the smallest unit)');
  });

  it("reads scope lists and whole numbers", () => {
    expect(scopeList.parse("flight.search,wallet.read")).toEqual(["flight.search", "wallet.read"]);
    expect(issue(scopeList.safeParse("flight.fly"))).toContain('unknown scope "flight.fly"');
    expect(wholeNumber(1, 3650).parse("90")).toBe(90);
    for (const bad of ["0", "3651", "1.5", "-1", "x", "", "1e3"]) {
      expect(issue(wholeNumber(1, 3650).safeParse(bad))).toBe("must be a whole number from 1 to 3650");
    }
  });
});
