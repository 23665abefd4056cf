import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isSandboxApiKey, parseApiKey } from "./api-key.js";

const secret = "abcdefghijklmnopqrstuvwxyz012345";

describe("parseApiKey", () => {
  it("reads the prefix and key id of live and sandbox keys", () => {
    expect(parseApiKey(`tk_live_Ab3dE6g8_${secret}`)).toEqual({ prefix: "tk_live_", keyId: "Ab3dE6g8", sandbox: false });
    expect(parseApiKey(`tk_test_00000000_${secret}`)).toEqual({ prefix: "tk_test_", keyId: "00000000", sandbox: true });
  });

  it.each([
    ["empty", ""],
    ["unknown prefix", `tk_prod_Ab3dE6g8_${secret}`],
    ["short id", `tk_live_Ab3dE6g_${secret}`],
    ["long secret", `tk_live_Ab3dE6g8_${secret}x`],
    ["short secret", `tk_live_Ab3dE6g8_${secret.slice(1)}`],
    ["symbol in id", `tk_live_Ab3d-6g8_${secret}`],
    ["symbol in secret", `tk_live_Ab3dE6g8_${secret.slice(1)}+`],
    ["surrounding space", ` tk_live_Ab3dE6g8_${secret}`],
    ["trailing newline", `tk_live_Ab3dE6g8_${secret}\n`],
    ["upper-case prefix", `TK_LIVE_Ab3dE6g8_${secret}`],
  ])("rejects a malformed key (%s)", (_, key) => {
    expect(parseApiKey(key)).toBeUndefined();
  });

  it("tells sandbox keys apart", () => {
    expect(isSandboxApiKey(`tk_test_Ab3dE6g8_${secret}`)).toBe(true);
    expect(isSandboxApiKey(`tk_live_Ab3dE6g8_${secret}`)).toBe(false);
    expect(isSandboxApiKey("tk_test_nope")).toBe(false);
  });
});

describe("generateApiKey", () => {
  it("makes well-formed live and sandbox keys", () => {
    const live = generateApiKey(false);
    const sandbox = generateApiKey(true);
    expect(live).toMatch(/^tk_live_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(sandbox).toMatch(/^tk_test_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(parseApiKey(sandbox)?.sandbox).toBe(true);
  });

  it("never repeats and uses the whole alphabet", () => {
    const keys = Array.from({ length: 2000 }, () => generateApiKey(true));
    expect(new Set(keys).size).toBe(keys.length);
    const characters = new Set(keys.flatMap((k) => Array.from(k.slice("tk_test_".length).replace("_", ""))));
    // 80 000 random characters from 62 symbols: each appears with overwhelming probability.
    expect(characters.size).toBe(62);
  });
});

describe("hashApiKey", () => {
  it("is the SHA-256 hex digest of the whole key", () => {
    const key = `tk_live_Ab3dE6g8_${secret}`;
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("differs when a single character of the secret differs", () => {
    expect(hashApiKey(`tk_live_Ab3dE6g8_${secret}`)).not.toBe(hashApiKey(`tk_live_Ab3dE6g8_${secret.slice(0, -1)}6`));
  });
});
