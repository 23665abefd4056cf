import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AgentSchema, type AgentStatus, ApiKeySchema, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BalanceSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { agentView, balanceView, keyView } from "./views.js";

const now = new Date("2026-11-22T06:00:00Z");
const at = (offsetMs: number) => timestampFromDate(new Date(now.getTime() + offsetMs));

describe("views", () => {
  it("derive a key's status: revoked, expired, rotated (in its grace period) or active", () => {
    const key = (init: object) => keyView(create(ApiKeySchema, { keyId: "k", ...init }), now).status;
    expect(key({})).toBe("ACTIVE");
    expect(key({ revokedAt: at(3_600_000) })).toBe("ACTIVE");
    expect(key({ revokedAt: at(3_600_000), replacedByKeyId: "k2" })).toBe("ROTATED");
    expect(key({ revokedAt: at(-1), replacedByKeyId: "k2" })).toBe("REVOKED");
    expect(key({ expiresAt: at(3_600_000) })).toBe("ACTIVE");
    expect(key({ revokedAt: at(0) })).toBe("REVOKED");
    expect(key({ expiresAt: at(-1) })).toBe("EXPIRED");
    expect(key({ expiresAt: at(-1), revokedAt: at(-2) })).toBe("REVOKED");
  });

  it("name enums and scopes, including values this build does not know", () => {
    const view = agentView(create(AgentSchema, { agentId: "a", status: 9 as AgentStatus, tier: 0 }));
    expect(view).toMatchObject({ status: "9", tier: "UNSPECIFIED", parent_agent_id: null, created_at: null });
    expect(keyView(create(ApiKeySchema, { scopes: [Scope.WALLET_READ, 42 as Scope] }), now).scopes).toEqual(["wallet.read", "SCOPE_42"]);
  });

  it("turn int64 paise into numbers and refuse an answer without its message", () => {
    expect(balanceView(create(BalanceSchema, { balancePaise: -150n, availablePaise: 9_007_199_254_740_991n }))).toMatchObject({
      balance_paise: -150,
      available_paise: Number.MAX_SAFE_INTEGER,
    });
    expect(() => balanceView(undefined)).toThrow("the wallet service answered without a balance");
    expect(() => agentView(undefined)).toThrow("the auth service answered without an agent");
  });
});
