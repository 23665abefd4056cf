import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { AgentTier, CreateAgentRequestSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { OpenAccountRequestSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, AGENT_JSON, agent, balance, fakeServices, FAKE_URLS } from "../testing/fakes.js";
import { run } from "../testing/run.js";

describe("agents create", () => {
  const services = () =>
    fakeServices({
      auth: {
        createAgent: (req) => ({ agent: agent({ name: req.name, tier: req.tier, parentAgentId: req.parentAgentId, users: req.users }) }),
      },
      wallet: { openAccount: (req) => ({ balance: balance({ agentId: req.agentId }) }) },
    });

  it("creates the agent, then opens its INR wallet with no credit", async () => {
    const { clients, calls } = services();
    const result = await run(["agents", "create", "--name", "Sky Travels"], { clients });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(calls).toEqual([
      {
        method: "AuthService.CreateAgent",
        request: create(CreateAgentRequestSchema, { name: "Sky Travels", tier: AgentTier.STANDARD, currency: "INR", creditLimitPaise: 0n }),
      },
      {
        method: "WalletService.OpenAccount",
        request: create(OpenAccountRequestSchema, { agentId: AGENT_ID, currency: "INR", creditLimitPaise: 0n }),
      },
    ]);
    expect(result.stdout).toContain("Agent created:");
    expect(result.stdout).toMatch(/agent\s+agt_01JD8X3Q4N/);
    expect(result.stdout).toMatch(/available\s+INR 0\.00/);
  });

  it("sends tier, parent and the first user", async () => {
    const { clients, calls } = services();
    const argv = [
      "agents",
      "create",
      "--name",
      " Sky North ",
      "--tier",
      "enterprise",
      "--parent",
      "agt_PARENT",
      "--email",
      "ops@sky.example",
      "--phone",
      "+919812345678",
    ];
    expect((await run(argv, { clients })).code).toBe(0);
    expect(calls[0]?.request).toEqual(
      create(CreateAgentRequestSchema, {
        name: "Sky North",
        tier: AgentTier.ENTERPRISE,
        parentAgentId: "agt_PARENT",
        users: [{ email: "ops@sky.example", phone: "+919812345678" }],
        currency: "INR",
        creditLimitPaise: 0n,
      }),
    );
  });

  it("prints the agent and its wallet as one JSON object", async () => {
    const { clients } = services();
    const result = await run(["agents", "create", "--name", "Sky Travels", "--json"], { clients });
    expect(JSON.parse(result.stdout)).toEqual({
      agent: AGENT_JSON,
      wallet: { agent_id: AGENT_ID, currency: "INR", balance_paise: 0, credit_limit_paise: 0, held_paise: 0, available_paise: 0 },
    });
  });

  it("says how to finish when the agent was created but the wallet was not opened", async () => {
    const { clients } = fakeServices({
      auth: { createAgent: () => ({ agent: agent() }) },
      wallet: {
        openAccount: () => {
          throw new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry");
        },
      },
    });
    const result = await run(["agents", "create", "--name", "Sky Travels", "--json"], { clients });
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      "error: UNAVAILABLE: A backing service is unavailable, please retry",
      `note: agent ${AGENT_ID} was created but its wallet was not opened; open it with: pnpm admin wallet open ${AGENT_ID}`,
    ]);
    expect(JSON.parse(result.stdout)).toMatchObject({
      agent: AGENT_JSON,
      error: { code: "UNAVAILABLE", service: "wallet", url: FAKE_URLS.wallet },
    });
  });

  it("does not open a wallet when the agent is refused, and shows the field errors", async () => {
    const { clients, calls } = fakeServices({
      auth: {
        createAgent: () => {
          throw validationFailed([fieldError("parent_agent_id", "INVALID_VALUE", "no such agent")]);
        },
      },
    });
    const result = await run(["agents", "create", "--name", "Sky", "--parent", "agt_nope"], { clients });
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      "error: VALIDATION_FAILED: parent_agent_id: no such agent",
      "  parent_agent_id: no such agent (INVALID_VALUE)",
    ]);
    expect(calls.map((c) => c.method)).toEqual(["AuthService.CreateAgent"]);
  });

  it.each([
    [[], "error: --name: is required"],
    [["--name", "  "], "error: --name: must not be empty"],
    [["--name", "Sky", "--tier", "gold"], 'error: --tier: must be "standard" or "enterprise"'],
    [["--name", "Sky", "--email", "ops@"], "error: --email: must be an e-mail address"],
    [["--name", "Sky", "--phone", "98123"], "error: --phone: must be a phone number in international form"],
    [["--name", "Sky", "--sandbox"], 'error: unknown flag --sandbox for "agents create"'],
    [["--name"], "error: --name needs a value <name>"],
    [["extra", "--name", "Sky"], 'error: unexpected argument "extra"'],
  ])("refuses %j before calling anything", async (extra, message) => {
    const result = await run(["agents", "create", ...extra]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run 'pnpm admin agents create --help' for usage.");
    expect(result.connected).toEqual([]);
  });
});
