import { createSigner, DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { createCursorCodec } from "./cursor.js";

const secret = "c".repeat(40);
const codec = createCursorCodec(createSigner(secret, "search-cursor"));
const now = new Date("2026-11-22T06:00:00Z");
const position = {
  searchId: "srch_01KAQ0000000000000000000",
  agentId: "agt_one",
  offset: 300,
  expiresAt: new Date("2026-11-22T06:30:00Z"),
};

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : "not a DomainError";
  }
}

describe("cursor codec", () => {
  it("round-trips a position as an opaque Base64url string", () => {
    const cursor = codec.encode(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(position.searchId);
    expect(codec.decode(cursor, "agt_one", now)).toEqual(position);
  });

  it("rejects every single-character alteration as SEARCH_CURSOR_INVALID", () => {
    const cursor = codec.encode(position);
    for (let i = 0; i < cursor.length; i++) {
      for (const replacement of ["A", "z", "-"]) {
        if (cursor[i] === replacement) continue;
        const altered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        expect(
          codeOf(() => codec.decode(altered, "agt_one", now)),
          `position ${i}`,
        ).toBe("SEARCH_CURSOR_INVALID");
      }
    }
  });

  it("rejects truncated, extended and foreign tokens", () => {
    const cursor = codec.encode(position);
    for (const bad of [cursor.slice(0, -1), `${cursor}A`, "", "not a cursor", "e30"]) {
      expect(
        codeOf(() => codec.decode(bad, "agt_one", now)),
        bad,
      ).toBe("SEARCH_CURSOR_INVALID");
    }
    const otherPurpose = createSigner(secret, "offer-signature").sign({ s: "x", a: "agt_one", o: 0, e: position.expiresAt.getTime() });
    expect(codeOf(() => codec.decode(otherPurpose, "agt_one", now))).toBe("SEARCH_CURSOR_INVALID");
    const otherKey = createCursorCodec(createSigner("d".repeat(40), "search-cursor")).encode(position);
    expect(codeOf(() => codec.decode(otherKey, "agt_one", now))).toBe("SEARCH_CURSOR_INVALID");
  });

  it("rejects a well-signed payload of the wrong shape", () => {
    const signer = createSigner(secret, "search-cursor");
    const e = position.expiresAt.getTime();
    for (const payload of [{ s: "x", a: "agt_one", o: -1, e }, { s: "x", a: "agt_one", o: 1.5, e }, { s: 1, a: "agt_one", o: 0, e }, [1]]) {
      expect(codeOf(() => codec.decode(signer.sign(payload), "agt_one", now))).toBe("SEARCH_CURSOR_INVALID");
    }
  });

  it("treats another agent's cursor as invalid, even once expired", () => {
    const cursor = codec.encode(position);
    expect(codeOf(() => codec.decode(cursor, "agt_two", now))).toBe("SEARCH_CURSOR_INVALID");
    expect(codeOf(() => codec.decode(cursor, "agt_two", new Date("2026-11-22T07:00:00Z")))).toBe("SEARCH_CURSOR_INVALID");
  });

  it("expires with its search", () => {
    const cursor = codec.encode(position);
    expect(codeOf(() => codec.decode(cursor, "agt_one", new Date("2026-11-22T06:29:59.999Z")))).toBeUndefined();
    expect(codeOf(() => codec.decode(cursor, "agt_one", position.expiresAt))).toBe("SEARCH_CURSOR_EXPIRED");
  });
});
