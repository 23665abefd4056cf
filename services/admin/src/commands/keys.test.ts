import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { DomainError } from "@tarmac/kernel";
import { ListApiKeysRequestSchema, RevokeApiKeyRequestSchema, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, API_KEY, KEY_ID, NOW, apiKey, fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";

const at = (iso: string) => timestampFromDate(new Date(iso));

function services() {
  return fakeServices({
    auth: {
      listApiKeys: () => ({
        keys: [
          apiKey({ lastUsedAt: at("2026-11-21T09:30:00Z") }),
          apiKey({ keyId: "Qq1wE2rT", revokedAt: at("2026-11-20T00:00:00Z"), scopes: [Scope.WALLET_READ] }),
          apiKey({ keyId: "Ee3rT4yU", expiresAt: at("2026-11-01T00:00:00Z") }),
          apiKey({
            keyId: "Rr5tY6uI",
            replacedByKeyId: "Zz9yX8wV",
            revokedAt: at("2026-11-23T06:00:00Z"),
            expiresAt: at("2027-01-01T00:00:00Z"),
          }),
        ],
      }),
      revokeApiKey: (req) => ({ key: apiKey({ keyId: req.keyId, revokedAt: timestampFromDate(NOW) }) }),
    },
  });
}

describe("keys list and revoke", () => {
  it("lists keys with their status and no secrets", async () => {
    const { clients, calls } = services();
    const result = await run(["keys", "list", AGENT_ID], { clients });
    expect(calls).toEqual([{ method: "AuthService.ListApiKeys", request: create(ListApiKeysRequestSchema, { agentId: AGENT_ID }) }]);
    expect(result.stdout.split("\n")).toEqual([
      "KEY ID    PREFIX    STATUS   CREATED           LAST USED         VALID UNTIL       SCOPES",
      "Ab3dE6gH  tk_live_  ACTIVE   2026-11-22 06:00  2026-11-21 09:30  -                 flight.search,flight.book",
      "Qq1wE2rT  tk_live_  REVOKED  2026-11-22 06:00  -                 2026-11-20 00:00  wallet.read",
      "Ee3rT4yU  tk_live_  EXPIRED  2026-11-22 06:00  -                 2026-11-01 00:00  flight.search,flight.book",
      "Rr5tY6uI  tk_live_  ROTATED  2026-11-22 06:00  -                 2026-11-23 06:00  flight.search,flight.book",
    ]);
    const json = JSON.parse((await run(["keys", "list", AGENT_ID, "--json"], { clients })).stdout);
    expect(json.agent_id).toBe(AGENT_ID);
    expect(json.keys.map((k: { status: string }) => k.status)).toEqual(["ACTIVE", "REVOKED", "EXPIRED", "ROTATED"]);
    expect(JSON.stringify(json)).not.toMatch(/tk_(live|test)_[A-Za-z0-9]{8}_/);
  });

  it("says so when an agent has no keys", async () => {
    const { clients } = fakeServices({ auth: { listApiKeys: () => ({ keys: [] }) } });
    expect((await run(["keys", "list", AGENT_ID], { clients })).stdout).toBe(`Agent ${AGENT_ID} has no API keys.`);
  });

  it("revokes a key", async () => {
    const { clients, calls } = services();
    const result = await run(["keys", "revoke", KEY_ID, "--json"], { clients });
    expect(calls).toEqual([{ method: "AuthService.RevokeApiKey", request: create(RevokeApiKeyRequestSchema, { keyId: KEY_ID }) }]);
    expect(JSON.parse(result.stdout).key).toMatchObject({ key_id: KEY_ID, status: "REVOKED", revoked_at: NOW.toISOString() });
  });

  it("refuses a whole key where a key id belongs, and never echoes its secret", async () => {
    for (const argv of [
      ["keys", "revoke", API_KEY],
      ["keys", "rotate", API_KEY],
      ["keys", "list", AGENT_ID, API_KEY],
    ]) {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.stderr + result.stdout).not.toContain("0123456789abcdef");
    }
    expect((await run(["keys", "revoke", API_KEY])).stderr).toContain("<key id>: looks like a whole API key");
  });

  it("reports a refusal of the auth service", async () => {
    const { clients } = fakeServices({
      auth: {
        revokeApiKey: () => {
          throw new DomainError("AUTH_NOT_FOUND", "API key Ab3dE6gH not found");
        },
      },
    });
    const result = await run(["keys", "revoke", KEY_ID], { clients });
    expect(result).toMatchObject({ code: 1, stderr: "error: AUTH_NOT_FOUND: API key Ab3dE6gH not found" });
  });
});
