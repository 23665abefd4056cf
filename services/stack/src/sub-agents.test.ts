import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/**
 * An agency runs its tree through the API alone, over the real services: it creates two
 * sub-agents, issues each a key, funds one, and that sub-agent books from its own wallet. Every
 * reach across the tree — to a sibling, to the parent, with keys the sub-agent issued itself — is
 * answered 404, as for ids that never existed.
 */
describe("an agency's sub-agents through the API", () => {
  let stack: Stack;
  let agency: ReturnType<typeof apiClient>;
  let branchA: ReturnType<typeof apiClient>;
  let branchB: ReturnType<typeof apiClient>;
  const ids = {} as { agency: string; a: string; b: string; aKeyId: string; agencyKeyId: string };

  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    agency = apiClient(stack.gatewayUrl, stack.apiKey);
    const created = async (name: string, email: string) => {
      const res = await agency.post("/api/v1/agency/sub-agents/create", { name, users: [{ email }] });
      expect(res.status, res.text).toBe(200);
      return res.json.sub_agent as { agent_id: string; parent_agent_id: string };
    };
    const a = await created("Pune Branch", "pune@branch.test");
    const b = await created("Nashik Branch", "nashik@branch.test");
    Object.assign(ids, { agency: a.parent_agent_id, a: a.agent_id, b: b.agent_id });
    const issue = async (agentId: string, scopes: string[]) => {
      const res = await agency.post("/api/v1/agency/api-keys/issue", { agent_id: agentId, scopes });
      expect(res.status, res.text).toBe(200);
      return res.json as { api_key: string; key: { key_id: string } };
    };
    const keyA = await issue(ids.a, ["flight.search", "flight.book", "wallet.read", "agency.manage"]);
    const keyB = await issue(ids.b, ["wallet.read"]);
    ids.aKeyId = keyA.key.key_id;
    branchA = apiClient(stack.gatewayUrl, keyA.api_key);
    branchB = apiClient(stack.gatewayUrl, keyB.api_key);
    ids.agencyKeyId = (await agency.post("/api/v1/agency/api-keys/list", {})).json.keys[0].key_id;
  }, 60_000);
  afterAll(() => stack?.stop());

  it("funds a sub-agent, which then books from its own wallet, on its own statement only", async () => {
    const before = (await agency.post("/api/v1/wallet/balance", {})).json.balance_paise as number;
    const funded = await agency.post("/api/v1/agency/sub-agents/transfer", {
      sub_agent_id: ids.a,
      direction: "TO_SUB_AGENT",
      amount_paise: 5_000_000,
      reference: "fund-pune-1",
    });
    expect(funded.status, funded.text).toBe(200);
    expect(funded.json.sub_agent).toMatchObject({ agent_id: ids.a, balance_paise: 5_000_000, credit_limit_paise: 0 });
    expect(funded.json.agency.balance_paise).toBe(before - 5_000_000);
    // The same transfer again moves nothing.
    const again = await agency.post("/api/v1/agency/sub-agents/transfer", {
      sub_agent_id: ids.a,
      direction: "TO_SUB_AGENT",
      amount_paise: 5_000_000,
      reference: "fund-pune-1",
    });
    expect(again.json.sub_agent.balance_paise).toBe(5_000_000);

    const { fareToken, netFare } = await branchA.lockedFare({ origin: "DEL", dest: "BOM" });
    const booked = await branchA.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": "pune-1" },
    );
    expect(booked.status, booked.text).toBe(200);
    const balance = (await branchA.post("/api/v1/wallet/balance", {})).json;
    expect(balance).toMatchObject({ agent_id: ids.a, balance_paise: 5_000_000 - netFare });
    const lines = (await branchA.post("/api/v1/wallet/statement", {})).json.lines as { kind: string; reference: string }[];
    expect(lines.map((l) => l.kind)).toEqual(["CAPTURE", "HOLD", "TRANSFER_IN"]);
    const agencyLines = (await agency.post("/api/v1/wallet/statement", { limit: 5 })).json.lines as { kind: string; reference: string }[];
    expect(agencyLines[0]).toMatchObject({ kind: "TRANSFER_OUT", reference: "fund-pune-1" });
    expect(agencyLines.map((l) => l.reference)).not.toContain(booked.json.booking_id);
    // The booking is the sub-agent's own: the agency's key reads bookings of the agency only (a subtree view is not built yet).
    expect((await agency.post("/api/v1/flight/booking/status", { booking_id: booked.json.booking_id })).status).toBe(404);
  }, 60_000);

  it("keeps a sub-agent's key, and keys it issues, inside its own subtree", async () => {
    const notFound = async (call: Promise<{ status: number; json: any }>) => {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("AUTH_NOT_FOUND");
    };
    await notFound(branchA.post("/api/v1/agency/sub-agents/get", { sub_agent_id: ids.b }));
    await notFound(branchA.post("/api/v1/agency/sub-agents/get", { sub_agent_id: ids.agency }));
    await notFound(branchA.post("/api/v1/agency/sub-agents/suspend", { sub_agent_id: ids.b }));
    await notFound(
      branchA.post("/api/v1/agency/sub-agents/transfer", {
        sub_agent_id: ids.agency,
        direction: "FROM_SUB_AGENT",
        amount_paise: 100,
        reference: "pull-from-parent",
      }),
    );
    await notFound(branchA.post("/api/v1/agency/api-keys/list", { agent_id: ids.b }));
    await notFound(branchA.post("/api/v1/agency/api-keys/issue", { agent_id: ids.agency }));
    await notFound(branchA.post("/api/v1/agency/api-keys/revoke", { key_id: ids.agencyKeyId }));
    expect((await branchA.post("/api/v1/agency/sub-agents/create", { name: "Grandchild" })).status).toBe(403);
    // A key the sub-agent issues itself acts as the sub-agent, with no more than its scopes.
    const own = await branchA.post("/api/v1/agency/api-keys/issue", { scopes: ["wallet.read"] });
    expect(own.status, own.text).toBe(200);
    expect(own.json.key.agent_id).toBe(ids.a);
    expect((await branchA.post("/api/v1/agency/api-keys/issue", { scopes: ["webhooks.manage"] })).status).toBe(403);
    const ownKey = apiClient(stack.gatewayUrl, own.json.api_key);
    expect((await ownKey.post("/api/v1/wallet/balance", {})).json.agent_id).toBe(ids.a);
    // The sibling's wallet was never funded, and the parent sees the sub-agent it made.
    expect((await branchB.post("/api/v1/wallet/balance", {})).json.error.code).toBe("WALLET_ACCOUNT_NOT_FOUND");
    const listed = (await agency.post("/api/v1/agency/sub-agents/list", {})).json.sub_agents.map((s: { agent_id: string }) => s.agent_id);
    // The sandbox's own two (seeded together, so in id order), then these, oldest first.
    expect(listed).toEqual(["agt_demo_nashik", "agt_demo_pune", ids.a, ids.b]);
  }, 60_000);

  it("suspends a sub-agent: its keys are refused at once, its agency's are not", async () => {
    const suspended = await agency.post("/api/v1/agency/sub-agents/suspend", { sub_agent_id: ids.b, reason: "dues" });
    expect(suspended.json.sub_agent.status).toBe("SUSPENDED");
    expect((await branchB.post("/api/v1/wallet/balance", {})).json.error.code).toBe("AUTH_AGENT_SUSPENDED");
    expect((await agency.post("/api/v1/wallet/balance", {})).status).toBe(200);
  }, 60_000);
});
