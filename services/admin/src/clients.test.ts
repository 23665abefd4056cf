import { createServer } from "node:net";
import { DomainError, startServiceHost, type ServiceHost } from "@tarmac/kernel";
import { developmentCallerAuth, everyMethodFor, silentLogger, testCredential } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { connectClients, PeerCallError } from "./clients.js";
import { agent, AGENT_ID, balance } from "./testing/fakes.js";

/** A port nothing listens on: taken from the OS, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    connect: (urls) => connectClients(urls, testCredential(), 2_000),
  });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

describe("the real gRPC clients", () => {
  let host: ServiceHost;
  beforeAll(async () => {
    // One host serving fakes of both services, with the services' own error translation.
    host = await startServiceHost({
      name: "fakes",
      port: 0,
      services: [AuthService, WalletService],
      logger: silentLogger(),
      callerAuth: developmentCallerAuth(),
      callerPolicy: everyMethodFor([AuthService, WalletService]),
      routes(router) {
        router.service(AuthService, { getAgent: (req) => ({ agent: agent({ agentId: req.agentId }) }) });
        router.service(WalletService, {
          getBalance: (req) => {
            if (req.agentId !== AGENT_ID) throw new DomainError("WALLET_ACCOUNT_NOT_FOUND", `No wallet is open for agent ${req.agentId}`);
            return { balance: balance({ balancePaise: 100n, availablePaise: 100n }) };
          },
        });
      },
    });
  });
  afterAll(() => host?.stop());

  it("call both services over gRPC (HTTP/2)", async () => {
    const clients = connectClients({ auth: host.url, wallet: host.url, webhooks: host.url, booking: host.url }, testCredential());
    expect((await clients.auth.getAgent({ agentId: "agt_x" })).agent?.agentId).toBe("agt_x");
    expect((await clients.wallet.getBalance({ agentId: AGENT_ID })).balance?.balancePaise).toBe(100n);
  });

  it("tag a failure with the service, URL and method", async () => {
    const clients = connectClients({ auth: host.url, wallet: host.url, webhooks: host.url, booking: host.url }, testCredential());
    const error = await clients.wallet.getBalance({ agentId: "agt_nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeerCallError);
    expect(error).toMatchObject({ peer: "wallet", url: host.url, method: "WalletService.GetBalance" });
  });

  it("run a command end to end through runCli, refusals included", async () => {
    const env = { WALLET_URL: host.url, AUTH_URL: host.url };
    const ok = await cli(["wallet", "balance", AGENT_ID, "--json"], env);
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(ok.stdout).balance.balance_paise).toBe(100);
    const refused = await cli(["wallet", "balance", "agt_nope"], env);
    expect(refused).toEqual({ code: 1, stdout: "", stderr: "error: WALLET_ACCOUNT_NOT_FOUND: No wallet is open for agent agt_nope" });
  });

  it("name the URL of a service that cannot be reached, with exit code 1", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await cli(["agents", "get", AGENT_ID, "--auth-url", url], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: UNAVAILABLE: cannot reach the auth service at ${url} \\(.*ECONNREFUSED.*\\)$`));
    const json = await cli(["wallet", "balance", AGENT_ID, "--json"], { WALLET_URL: url });
    expect(JSON.parse(json.stdout).error).toMatchObject({
      code: "UNAVAILABLE",
      service: "wallet",
      url,
      method: "WalletService.GetBalance",
    });
  });
});
