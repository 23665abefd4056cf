import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ConfigError, env, parseConfig } from "./config.js";

const schema = z
  .object({ PORT: env.port(8080), MONGODB_URI: env.mongoUri(), TARMAC_SECRET: env.secret("x".repeat(32)) })
  .transform((v) => ({ port: v.PORT, mongoUri: v.MONGODB_URI, secret: v.TARMAC_SECRET }));

describe("parseConfig", () => {
  it("applies defaults and maps to the service's names", () => {
    expect(parseConfig(schema, {})).toEqual({ port: 8080, mongoUri: undefined, secret: "x".repeat(32) });
  });

  it("names every bad variable and the value it got", () => {
    const parse = () => parseConfig(schema, { PORT: "eighty", MONGODB_URI: "postgres://x", TARMAC_SECRET: "short" });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(/PORT: .*got "eighty"/);
    expect(parse).toThrow(/MONGODB_URI: must start with mongodb/);
    expect(parse).toThrow(/TARMAC_SECRET: must be at least 32 characters \(value hidden\)/);
    expect(parse).not.toThrow(/short|postgres/);
  });

  it("rejects a port out of range", () => {
    expect(() => parseConfig(schema, { PORT: "70000" })).toThrow(/PORT/);
  });
});
