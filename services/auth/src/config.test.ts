import { ConfigError, parseConfig } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { authConfigSchema } from "./config.js";

describe("auth config", () => {
  it("defaults to port 50055, the tarmac database and development", () => {
    expect(parseConfig(authConfigSchema, {})).toEqual({
      host: "127.0.0.1",
      port: 50055,
      mongoUri: undefined,
      mongoDb: "tarmac",
      environment: "development",
      devApiKey: undefined,
      logLevel: "info",
    });
  });

  it("stops on a TARMAC_DEV_API_KEY that is not a sandbox key, naming the variable", () => {
    for (const bad of ["secret", `tk_live_Ab3dE6g8_${"a".repeat(32)}`, `tk_test_Ab3dE6g8_${"a".repeat(31)}`]) {
      const parse = () => parseConfig(authConfigSchema, { TARMAC_DEV_API_KEY: bad });
      expect(parse).toThrow(ConfigError);
      expect(parse).toThrow(/TARMAC_DEV_API_KEY: must be a sandbox key/);
    }
  });

  it("accepts a well-formed sandbox key", () => {
    const key = `tk_test_Ab3dE6g8_${"a".repeat(32)}`;
    expect(parseConfig(authConfigSchema, { TARMAC_DEV_API_KEY: key }).devApiKey).toBe(key);
  });
});
