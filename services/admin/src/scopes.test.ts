import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { SCOPE_NAMES, parseScopeList, scopeName, scopeToProto } from "./scopes.js";

describe("scopes", () => {
  it("reads a comma-separated list, trimming and dropping repeats", () => {
    expect(parseScopeList("flight.search,flight.book, wallet.read,flight.search")).toEqual({
      ok: true,
      scopes: ["flight.search", "flight.book", "wallet.read"],
    });
  });

  it("names every unknown scope and lists the known ones", () => {
    const result = parseScopeList("flight.search,flight.fly,admin");
    expect(result).toEqual({
      ok: false,
      reason: `unknown scope "flight.fly", "admin" (known: ${SCOPE_NAMES.join(", ")})`,
    });
  });

  it.each(["", ",", "flight.search,", "flight.search,,wallet.read"])("refuses empty items in %j", (text) => {
    expect(parseScopeList(text).ok).toBe(false);
  });

  it("maps every name to its proto enum and back", () => {
    for (const name of SCOPE_NAMES) expect(scopeName(scopeToProto(name))).toBe(name);
    expect(scopeToProto("webhooks.manage")).toBe(Scope.WEBHOOKS_MANAGE);
    expect(scopeName(99 as Scope)).toBe("SCOPE_99");
  });
});
