import { describe, expect, it } from "vitest";
import { locate, readArgs, shown } from "./args.js";
import { GROUPS } from "./commands/index.js";
import { keysIssue } from "./commands/keys-issue.js";
import { UsageError } from "./usage-error.js";

describe("locate", () => {
  it("finds group and command around flags, stepping over the values of global flags", () => {
    const located = locate(["--auth-url", "http://a:1", "keys", "--json", "issue", "agt_1", "--scopes", "wallet.read"], GROUPS);
    expect(located.command).toBe(keysIssue);
    expect(located.rest).toEqual(["--auth-url", "http://a:1", "--json", "agt_1", "--scopes", "wallet.read"]);
    expect(located.help).toBe(false);
  });

  it("stops at `--`: what follows is arguments", () => {
    expect(locate(["keys", "--", "issue"], GROUPS)).toMatchObject({ problem: 'missing command after "keys"', help: false });
    expect(locate(["keys", "issue", "--", "-h"], GROUPS)).toMatchObject({ help: false });
  });

  it("tells missing from unknown words", () => {
    expect(locate([], GROUPS).problem).toBe("missing command");
    expect(locate(["--json"], GROUPS).problem).toBe("missing command");
    expect(locate(["walet", "balance"], GROUPS).problem).toBe('unknown command "walet"');
    expect(locate(["wallet", "blance"], GROUPS).problem).toBe('unknown command "wallet blance"');
  });
});

describe("readArgs", () => {
  it("splits positionals, command flags and global flags", () => {
    const read = readArgs(keysIssue, ["agt_1", "--scopes", "wallet.read", "--sandbox", "--json", "--auth-url=http://a:1"]);
    expect(read.raw).toEqual({ agentId: "agt_1", scopes: "wallet.read", sandbox: true, "expires-in-days": undefined });
    expect(read.globals).toEqual({ json: true, "auth-url": "http://a:1" });
  });

  it("refuses negative numbers before parseArgs reads them as short flags", () => {
    expect(() => readArgs(keysIssue, ["agt_1", "--expires-in-days", "-5"])).toThrow(new UsageError("amounts must not be negative (-5)"));
  });

  it("says which value is missing and masks a pasted API key", () => {
    expect(() => readArgs(keysIssue, ["agt_1", "--scopes"])).toThrow(new UsageError("--scopes needs a value <a,b,c>"));
    expect(() => readArgs(keysIssue, ["agt_1", "tk_live_Ab3dE6gH_0123456789abcdef0123456789abcdef"])).toThrow(
      new UsageError('unexpected argument "tk_live_Ab3dE6gH…"'),
    );
  });
});

describe("shown", () => {
  it("keeps prefix and key id of an API key, never the secret", () => {
    expect(shown("tk_test_Ab3dE6gH_0123456789abcdef0123456789abcdef")).toBe("tk_test_Ab3dE6gH…");
    expect(shown("agt_1")).toBe("agt_1");
  });
});
