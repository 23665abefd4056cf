import { describe, expect, it } from "vitest";
import { createSigner } from "./signing.js";

const secret = "s".repeat(32);

describe("signer", () => {
  it("round-trips a payload as one Base64url string", () => {
    const signer = createSigner(secret, "cursor");
    const token = signer.sign({ s: "srch_1", p: 100 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signer.verify(token)).toEqual({ s: "srch_1", p: 100 });
  });

  it("rejects every single-character alteration", () => {
    const signer = createSigner(secret, "cursor");
    const token = signer.sign({ s: "srch_1", p: 100 });
    for (let i = 0; i < token.length; i++) {
      const replacement = token[i] === "A" ? "B" : "A";
      const altered = token.slice(0, i) + replacement + token.slice(i + 1);
      expect(signer.verify(altered), `position ${i}`).toBeUndefined();
    }
  });

  it("rejects tokens of another purpose or key, and garbage", () => {
    const token = createSigner(secret, "cursor").sign({ p: 1 });
    expect(createSigner(secret, "fare-token").verify(token)).toBeUndefined();
    expect(createSigner("t".repeat(32), "cursor").verify(token)).toBeUndefined();
    for (const junk of ["", "abc", "not base64!", "A".repeat(100)]) {
      expect(createSigner(secret, "cursor").verify(junk)).toBeUndefined();
    }
  });
});
