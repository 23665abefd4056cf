import { describe, expect, it } from "vitest";
import { AGENT_ID, balance, fakeServices, FAKE_URLS } from "./testing/fakes.js";
import { run } from "./testing/run.js";

const wallet = () => fakeServices({ wallet: { getBalance: (req) => ({ balance: balance({ agentId: req.agentId }) }) } });

describe("the command line", () => {
  it("prints the top help with exit code 2 when given nothing", async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: missing command\n\nTarmac admin:/);
  });

  it("prints the group's commands with exit code 2 when the command is missing", async () => {
    const result = await run(["wallet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: missing command after "wallet"\n\npnpm admin wallet:/);
  });

  it.each([
    [["agent", "create"], 'error: unknown command "agent"', "Run 'pnpm admin --help' for usage."],
    [["keys", "delete", "Ab3dE6gH"], 'error: unknown command "keys delete"', "Run 'pnpm admin keys --help' for usage."],
    [["keys", "list", AGENT_ID, "--all"], 'error: unknown flag --all for "keys list"', "Run 'pnpm admin keys list --help' for usage."],
    [
      ["wallet", "balance", AGENT_ID, "--reference", "R"],
      'error: unknown flag --reference for "wallet balance"',
      "Run 'pnpm admin wallet balance --help' for usage.",
    ],
    [
      ["wallet", "balance", AGENT_ID, "-x"],
      'error: unknown flag -x for "wallet balance"',
      "Run 'pnpm admin wallet balance --help' for usage.",
    ],
    [["agents", "--help", "nope"], 'error: unknown command "agents nope"', "Run 'pnpm admin agents --help' for usage."],
    [
      ["wallet", "balance", AGENT_ID, "--json=yes"],
      "error: --json does not take a value",
      "Run 'pnpm admin wallet balance --help' for usage.",
    ],
    [
      ["wallet", "balance", AGENT_ID, "--auth-url"],
      "error: --auth-url needs a value <url>",
      "Run 'pnpm admin wallet balance --help' for usage.",
    ],
  ])("refuses %j with a usage hint and exit code 2", async (argv, error, hint) => {
    const result = await run(argv);
    expect(result).toMatchObject({ code: 2, stdout: "", stderr: `${error}\n${hint}`, connected: [] });
  });

  it("answers a usage error under --json with one JSON object too", async () => {
    const result = await run(["--json", "keys", "issue", AGENT_ID, "--scopes", "root"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: "USAGE", message: expect.stringContaining('--scopes: unknown scope "root"') },
    });
  });

  it("lists every problem of a command line at once", async () => {
    const result = await run(["wallet", "topup", " agt", "1.234"]);
    expect(result.stderr.split("\n")).toEqual([
      "error: <agent id>: must be printable ASCII without leading or trailing spaces",
      'error: <amount>: "1.234" has more than 2 decimal places (a paisa is the smallest unit)',
      "error: --reference: is required",
      "Run 'pnpm admin wallet topup --help' for usage.",
    ]);
  });

  it("takes global flags anywhere, and a leading `--` as pnpm hands it through", async () => {
    const { clients } = wallet();
    for (const argv of [
      ["--json", "wallet", "balance", AGENT_ID],
      ["wallet", "--json", "balance", AGENT_ID],
      ["wallet", "balance", AGENT_ID, "--json"],
      ["--wallet-url", "http://w:1", "wallet", "balance", AGENT_ID, "--json"],
      ["--", "wallet", "balance", AGENT_ID, "--json"],
    ]) {
      const result = await run(argv, { clients });
      expect(result.code, argv.join(" ")).toBe(0);
      expect(JSON.parse(result.stdout).balance.agent_id).toBe(AGENT_ID);
    }
  });

  it("connects where flags, then env, then defaults say", async () => {
    const { clients } = wallet();
    const env = {
      AUTH_URL: "http://auth.env:1",
      WALLET_URL: "http://wallet.env:2",
      WEBHOOKS_URL: "http://webhooks.env:3",
      BOOKING_URL: "http://booking.env:4",
    };
    expect((await run(["wallet", "balance", AGENT_ID], { clients })).connected).toEqual([
      {
        auth: "http://127.0.0.1:50055",
        wallet: "http://127.0.0.1:50054",
        webhooks: "http://127.0.0.1:50057",
        booking: "http://127.0.0.1:50053",
      },
    ]);
    expect((await run(["wallet", "balance", AGENT_ID], { clients, env })).connected).toEqual([
      { auth: "http://auth.env:1", wallet: "http://wallet.env:2", webhooks: "http://webhooks.env:3", booking: "http://booking.env:4" },
    ]);
    const flags = [
      "wallet",
      "balance",
      AGENT_ID,
      "--auth-url=https://a.ops",
      "--wallet-url",
      "https://w.ops/",
      "--webhooks-url",
      "https://h.ops",
      "--booking-url",
      "https://b.ops",
    ];
    expect((await run(flags, { clients, env })).connected).toEqual([
      { auth: "https://a.ops", wallet: "https://w.ops", webhooks: "https://h.ops", booking: "https://b.ops" },
    ]);
    const bad = await run(["wallet", "balance", AGENT_ID, "--wallet-url", "w.ops:50054"], { clients });
    expect(bad).toMatchObject({ code: 2, connected: [] });
    expect(bad.stderr).toContain('error: --wallet-url: "w.ops:50054" must be an http:// or https:// URL');
  });

  it("reports an RPC the service does not implement with its code and where", async () => {
    const { clients } = fakeServices({});
    const result = await run(["agents", "get", AGENT_ID], { clients });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: UNIMPLEMENTED: tarmac.auth.v1.AuthService.GetAgent is not implemented (AuthService.GetAgent at ${FAKE_URLS.auth})`,
    );
  });
});
