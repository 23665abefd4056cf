import { describe, expect, it } from "vitest";
import { isSessionTokenFormat, parseApiKey } from "./credential-formats.js";

const secret = "a".repeat(32);

describe("credential formats", () => {
  it("parses live and test API keys and refuses every other shape", () => {
    expect(parseApiKey(`tk_live_Ab3dE6g8_${secret}`)).toEqual({ prefix: "tk_live_", keyId: "Ab3dE6g8", sandbox: false });
    expect(parseApiKey(`tk_test_00000000_${secret}`)).toEqual({ prefix: "tk_test_", keyId: "00000000", sandbox: true });
    for (const bad of [
      `tk_prod_Ab3dE6g8_${secret}`,
      `tk_live_Ab3dE6g_${secret}`,
      `tk_live_Ab3dE6g8_${secret}x`,
      ` tk_live_Ab3dE6g8_${secret}`,
      `tk_live_Ab3dE6g8_${secret}\n`,
    ]) {
      expect(parseApiKey(bad), bad).toBeUndefined();
    }
  });

  it("accepts session tokens of tk_sess_ and 43 letters or digits only", () => {
    expect(isSessionTokenFormat(`tk_sess_${"Z9".repeat(21)}x`)).toBe(true);
    expect(isSessionTokenFormat(`tk_sess_${"a".repeat(42)}`)).toBe(false);
    expect(isSessionTokenFormat(`tk_sess_${"a".repeat(42)}-`)).toBe(false);
    expect(isSessionTokenFormat(`tk_live_${"a".repeat(43)}`)).toBe(false);
  });
});
