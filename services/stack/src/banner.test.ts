import { describe, expect, it } from "vitest";
import { readyLine, startBanner, yyyymmdd } from "./banner.js";

describe("start banner", () => {
  const facts = {
    gatewayUrl: "http://127.0.0.1:8080",
    operationsUrl: "http://127.0.0.1:9463",
    agentId: "agt_demo",
    apiKey: `tk_test_Abcd1234_${"x".repeat(32)}`,
    keyFixed: false,
    today: new Date("2026-11-22T06:00:00Z"),
    services: {
      auth: "http://127.0.0.1:41001",
      wallet: "http://127.0.0.1:41002",
      webhooks: "http://127.0.0.1:41003",
      booking: "http://127.0.0.1:41004",
    },
  };

  it("dates the sample search 30 days ahead as YYYYMMDD", () => {
    expect(yyyymmdd(new Date("2026-12-15T23:30:00Z"), 30)).toBe("20270114");
    expect(startBanner(facts)).toContain('"dod":"20261222"');
  });

  it("shows the gateway, the demo agent, its key, the wallet figures and a curl using them", () => {
    const banner = startBanner(facts);
    expect(banner).toContain("agt_demo");
    expect(banner).toContain("Operations   http://127.0.0.1:9463  (/metrics and /readyz");
    expect(banner).toContain("balance 500000.00 INR, credit limit 100000.00 INR");
    expect(banner).toContain(`curl -s -X POST ${facts.gatewayUrl}/api/v1/flight/search`);
    expect(banner).toContain(`X-API-Key: ${facts.apiKey}`);
    expect(banner).toContain("new at every start");
    expect(startBanner({ ...facts, keyFixed: true })).toContain("from TARMAC_DEV_API_KEY");
  });

  it("points the admin command line and grpcurl at the services as started, not at their documented ports", () => {
    const banner = startBanner(facts);
    expect(banner).toContain(
      "export AUTH_URL=http://127.0.0.1:41001 WALLET_URL=http://127.0.0.1:41002 WEBHOOKS_URL=http://127.0.0.1:41003 BOOKING_URL=http://127.0.0.1:41004",
    );
    expect(banner).toContain("127.0.0.1:41002 tarmac.wallet.v1.WalletService/GetBalance");
    expect(banner).not.toMatch(/5005\d/);
  });

  it("prints one machine-readable ready line", () => {
    const line = readyLine(facts.gatewayUrl, facts.apiKey);
    expect(line.startsWith("TARMAC_READY ")).toBe(true);
    expect(JSON.parse(line.slice("TARMAC_READY ".length))).toEqual({ gatewayUrl: facts.gatewayUrl, apiKey: facts.apiKey });
  });
});
