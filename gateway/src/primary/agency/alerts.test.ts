import { create } from "@bufbuild/protobuf";
import { AgentStatus, AgentTier, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { SetLowBalanceThresholdResponseSchema, type SetLowBalanceThresholdRequest } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { keys } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const ADMIN_KEY = "tk_test_adminAAA_0123456789abcdef0123456789abcdef";

describe("the low-balance alert on the primary surface", () => {
  it("sets the calling agency's threshold and answers its wallet", async () => {
    const seen: SetLowBalanceThresholdRequest[] = [];
    gateway = await testApp({
      auth: {
        verifyApiKey: () => ({
          agentId: "agt_agency",
          keyId: "adminAAA",
          agentStatus: AgentStatus.ACTIVE,
          agentTier: AgentTier.STANDARD,
          scopes: [Scope.AGENCY_MANAGE],
        }),
      },
      wallet: {
        setLowBalanceThreshold(request) {
          seen.push(request);
          return create(SetLowBalanceThresholdResponseSchema, {
            balance: { agentId: request.agentId, currency: "INR", balancePaise: 90_000n, availablePaise: 90_000n },
            thresholdPaise: request.thresholdPaise,
          });
        },
      },
    });
    const post = (payload: unknown, key = ADMIN_KEY) =>
      gateway.app.inject({
        method: "POST",
        url: "/api/v1/wallet/low-balance-threshold",
        headers: { "content-type": "application/json", "x-api-key": key },
        payload: JSON.stringify(payload),
      });
    const res = await post({ threshold_paise: 100_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ threshold_paise: 100_000, wallet: { agent_id: "agt_agency", available_paise: 90_000 } });
    expect(seen).toMatchObject([{ agentId: "agt_agency", thresholdPaise: 100_000n }]);
    expectEnvelope(await post({ threshold_paise: -1 }), "VALIDATION_FAILED");
    expectEnvelope(await post({ threshold_paise: 1, agent_id: "agt_other" }), "VALIDATION_FAILED");
  });

  it("needs agency.manage", async () => {
    gateway = await testApp();
    const res = await gateway.app.inject({
      method: "POST",
      url: "/api/v1/wallet/low-balance-threshold",
      headers: { "content-type": "application/json", "x-api-key": keys.walletOnly },
      payload: "{}",
    });
    expectEnvelope(res, "AUTH_FORBIDDEN");
  });
});
