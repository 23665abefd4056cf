import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { IssueApiKeyRequestSchema, RotateApiKeyRequestSchema, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, API_KEY, KEY_ID, apiKey, fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";
import { SHOWN_ONCE } from "./keys-issue.js";

const at = (iso: string) => timestampFromDate(new Date(iso));
const NEW_KEY = `tk_live_Zz9yX8wV_${"s".repeat(32)}`;

function services(existing: string[] = []) {
  return fakeServices({
    auth: {
      listApiKeys: () => ({ keys: existing.map((prefix) => apiKey({ prefix })) }),
      issueApiKey: (req) => ({
        key: apiKey({ scopes: req.scopes, expiresAt: req.expiresAt, prefix: req.sandbox ? "tk_test_" : "tk_live_" }),
        apiKey: req.sandbox ? API_KEY.replace("tk_live_", "tk_test_") : API_KEY,
      }),
      rotateApiKey: () => ({
        key: apiKey({ keyId: "Zz9yX8wV", replacesKeyId: KEY_ID }),
        apiKey: NEW_KEY,
        previousKey: apiKey({ revokedAt: at("2026-11-23T06:00:00Z"), replacedByKeyId: "Zz9yX8wV" }),
      }),
    },
  });
}

describe("keys issue", () => {
  it("sends the scopes, expiry and sandbox flag, and prints the key once with a warning", async () => {
    const { clients, calls } = services();
    const argv = ["keys", "issue", AGENT_ID, "--scopes", "flight.search,flight.book,wallet.read", "--expires-in-days", "90", "--sandbox"];
    const result = await run(argv, { clients });
    expect(result.code).toBe(0);
    expect(calls).toEqual([
      {
        method: "AuthService.IssueApiKey",
        request: create(IssueApiKeyRequestSchema, {
          agentId: AGENT_ID,
          scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK, Scope.WALLET_READ],
          expiresAt: timestampFromDate(new Date("2027-02-20T06:00:00.000Z")),
          sandbox: true,
        }),
      },
    ]);
    const testKey = API_KEY.replace("tk_live_", "tk_test_");
    expect(result.stdout.split(testKey)).toHaveLength(2);
    expect(result.stdout).toMatch(/scopes\s+flight\.search, flight\.book, wallet\.read/);
    expect(result.stderr).toBe(SHOWN_ONCE);
    expect(SHOWN_ONCE).toContain("only time");
  });

  it("leaves scopes to the service's default for the tier, and sets no expiry, unless told", async () => {
    const { clients, calls } = services();
    await run(["keys", "issue", AGENT_ID], { clients });
    expect(calls.at(-1)?.request).toEqual(create(IssueApiKeyRequestSchema, { agentId: AGENT_ID, scopes: [], sandbox: false }));
  });

  it.each([
    ["a sandbox agency (every key tk_test_)", ["tk_test_", "tk_test_"], [], true],
    ["a live agency", ["tk_live_"], [], false],
    ["an agency with both kinds", ["tk_test_", "tk_live_"], [], false],
    ["an agency without keys", [], [], false],
    ["a sandbox agency told --live", ["tk_test_"], ["--live"], false],
    ["a live agency told --sandbox", ["tk_live_"], ["--sandbox"], true],
  ])("issues %s a key of its kind unless told", async (_, existing, flags, sandbox) => {
    const { clients, calls } = services(existing);
    const result = await run(["keys", "issue", AGENT_ID, ...flags], { clients });
    expect(result.code).toBe(0);
    expect(calls.at(-1)).toMatchObject({ method: "AuthService.IssueApiKey", request: { sandbox } });
    expect(result.stdout).toContain(sandbox ? "tk_test_" : "tk_live_");
  });

  it("prints key and secret as one JSON object, the warning on stderr", async () => {
    const { clients } = services();
    const result = await run(["keys", "issue", AGENT_ID, "--scopes", "flight.search", "--json"], { clients });
    expect(JSON.parse(result.stdout)).toEqual({
      key: {
        key_id: KEY_ID,
        agent_id: AGENT_ID,
        prefix: "tk_live_",
        scopes: ["flight.search"],
        status: "ACTIVE",
        created_at: "2026-11-22T06:00:00.000Z",
        last_used_at: null,
        expires_at: null,
        revoked_at: null,
        replaces_key_id: null,
        replaced_by_key_id: null,
      },
      api_key: API_KEY,
    });
    expect(result.stderr).toBe(SHOWN_ONCE);
  });

  it.each([
    [["--scopes", "flight.fly"], 'error: --scopes: unknown scope "flight.fly"'],
    [["--scopes", ""], "error: --scopes: must be a comma-separated list"],
    [["--expires-in-days", "0"], "error: --expires-in-days: must be a whole number from 1 to 3650"],
    [["--expires-in-days", "1.5"], "error: --expires-in-days: must be a whole number from 1 to 3650"],
    [["--sandbox=yes"], "error: --sandbox does not take a value"],
    [["--sandbox", "--live"], "error: --live: choose --sandbox or --live, not both"],
  ])("refuses %j with exit code 2", async (extra, message) => {
    const result = await run(["keys", "issue", AGENT_ID, ...extra]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain(message);
    expect(result.connected).toEqual([]);
  });
});

describe("keys rotate", () => {
  it("rotates with a grace period in seconds and shows the new key once", async () => {
    const { clients, calls } = services();
    const result = await run(["keys", "rotate", KEY_ID, "--grace-hours", "48"], { clients });
    expect(calls[0]).toEqual({
      method: "AuthService.RotateApiKey",
      request: create(RotateApiKeyRequestSchema, { keyId: KEY_ID, gracePeriodSeconds: 172_800 }),
    });
    expect(result.stdout.split(NEW_KEY)).toHaveLength(2);
    expect(result.stdout).toContain(`Previous key ${KEY_ID}: valid until 2026-11-23T06:00:00.000Z`);
    expect(result.stderr).toBe(SHOWN_ONCE);
  });

  it("leaves the grace period to the service unless given, and answers JSON", async () => {
    const { clients, calls } = services();
    const result = await run(["keys", "rotate", KEY_ID, "--json"], { clients });
    expect(calls[0]?.request).toEqual(create(RotateApiKeyRequestSchema, { keyId: KEY_ID }));
    expect((calls[0]?.request as { gracePeriodSeconds?: number }).gracePeriodSeconds).toBeUndefined();
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(["key", "api_key", "previous_key"]);
    expect(json).toMatchObject({
      api_key: NEW_KEY,
      key: { key_id: "Zz9yX8wV" },
      previous_key: { key_id: KEY_ID, status: "ROTATED", revoked_at: "2026-11-23T06:00:00.000Z", replaced_by_key_id: "Zz9yX8wV" },
    });
    expect(json.key.replaces_key_id).toBe(KEY_ID);
  });

  it("refuses a grace period out of range", async () => {
    const result = await run(["keys", "rotate", KEY_ID, "--grace-hours", "721"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--grace-hours: must be a whole number from 0 to 720");
  });
});
