import { describe, expect, it } from "vitest";
import { parseCallerGrants, ruleFor, unknownPolicyMethods, type CallerPolicy } from "./policy.js";

const policy: CallerPolicy = { Hold: { booking: "trusted" }, GetBalance: { gateway: "agent-context" } };

describe("caller policy", () => {
  it("allows the listed callers under their rule, and nobody else", () => {
    expect(ruleFor(policy, new Map(), "Hold", "booking")).toBe("trusted");
    expect(ruleFor(policy, new Map(), "GetBalance", "gateway")).toBe("agent-context");
    expect(ruleFor(policy, new Map(), "Hold", "gateway")).toBeUndefined();
    expect(ruleFor(policy, new Map(), "TopUp", "booking")).toBeUndefined();
    expect(ruleFor(policy, new Map(), "constructor", "booking")).toBeUndefined();
    // Names that exist on every object's prototype are callers like any other.
    for (const caller of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(ruleFor(policy, new Map(), "Hold", caller)).toBeUndefined();
    }
  });

  it("adds the grants of CALLER_GRANTS for internal teams", () => {
    const grants = parseCallerGrants("reports=GetBalance, ListStatement; finance-bot=TopUp");
    expect(ruleFor(policy, grants, "GetBalance", "reports")).toBe("trusted");
    expect(ruleFor(policy, grants, "TopUp", "finance-bot")).toBe("trusted");
    expect(ruleFor(policy, grants, "TopUp", "reports")).toBeUndefined();
    expect(() => parseCallerGrants("reports=get_balance")).toThrow(/<caller>=<Method>/);
    expect(() => parseCallerGrants("Reports=GetBalance")).toThrow();
  });

  it("names policy methods the contract does not have", () => {
    expect(unknownPolicyMethods(policy, ["Hold", "GetBalance"])).toEqual([]);
    expect(unknownPolicyMethods({ ...policy, Hodl: {} }, ["Hold", "GetBalance"])).toEqual(["Hodl"]);
  });
});
