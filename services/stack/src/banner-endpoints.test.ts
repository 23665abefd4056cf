import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnStack, type SpawnedStack } from "./testing/spawn-stack.js";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The banner of `npm start` under TARMAC_SERVICE_PORTS=ephemeral names the ports the services
 * took (issue 36: its grpcurl line said 50054 and the admin command line defaulted to 50055).
 */
describe("the start banner's service endpoints", () => {
  let stack: SpawnedStack;
  beforeAll(async () => {
    stack = await spawnStack({ LOG_LEVEL: "warn", TARMAC_ENV: "development", MONGODB_URI: "", NATS_URL: "" }, 60_000);
  }, 70_000);
  afterAll(() => stack?.kill());

  it("gives the admin command line and grpcurl the running services", async () => {
    const banner = stack.output();
    const exported = /^ {2}(export AUTH_URL=\S+ WALLET_URL=(\S+) WEBHOOKS_URL=\S+ BOOKING_URL=\S+)$/m.exec(banner);
    expect(exported, banner).not.toBeNull();
    const [, exportLine, walletUrl] = exported!;
    expect(exportLine).not.toMatch(/:5005\d\b/);
    const grpcurlTarget = /' (\S+) tarmac\.wallet\.v1\.WalletService\/GetBalance$/m.exec(banner)?.[1];
    expect(grpcurlTarget).toBe(new URL(walletUrl!).host);

    // The export line as pasted, then the admin command line the README shows.
    const { stdout } = await promisify(execFile)(
      "bash",
      [
        "-c",
        `${exportLine} && npx --yes pnpm@10.34.9 -s admin wallet balance agt_demo --json && npx --yes pnpm@10.34.9 -s admin agents get agt_demo --json`,
      ],
      { cwd: REPO_ROOT, timeout: 60_000 },
    );
    const [balance, agent] = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(balance.balance).toMatchObject({ agent_id: "agt_demo", currency: "INR" });
    expect(agent.agent).toMatchObject({ agent_id: "agt_demo" });
  }, 90_000);
});
