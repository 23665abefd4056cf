import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { SearchPageService } from "@tarmac/gateway";
import { createServiceClient, developmentCredential } from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { apiClient } from "../testing/api-client.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";
import { distinctPages } from "./page-set.js";
import { startQuietStack } from "./quiet-stack.js";

/**
 * `pnpm bench:rpc [balance|page]`: the CPU of one peer call, client and server in this process, as
 * the gateway makes it (signed as the gateway, vouching for the demo agency), from 10 loops for
 * LOOP_SECONDS (4) three times: `balance` is the wallet's GetBalance (the fixed cost of a call),
 * `page` the search page call the primary search route makes. LOOP_PROFILE=1 writes
 * /tmp/tarmac-rpc-<kind>.cpuprofile. A raw HTTP/2 exchange of the same size costs ~0.15 ms here.
 */
const seconds = Number(process.env.LOOP_SECONDS ?? 4);
const kind = process.argv[2] === "page" ? "page" : "balance";
const stack = await startQuietStack({ ...relaxedRateLimits, ...process.env });
const asGateway = { credential: developmentCredential("gateway"), vouchesForAgents: true };
const wallet = createServiceClient(WalletService, stack.services.wallet ?? "", asGateway);
const search = createServiceClient(SearchPageService, stack.services.search ?? "", asGateway);
const pages = kind === "page" ? await distinctPages(apiClient(stack.gatewayUrl, stack.apiKey)) : [];
const cursors = pages.map((p) => (JSON.parse(p.body) as { cursor: string }).cursor);
let next = 0;
const call = (): Promise<unknown> =>
  kind === "page"
    ? search.searchFlights({ agentId: DEMO_AGENT_ID, cursor: cursors[next++ % cursors.length], limit: 100 })
    : wallet.getBalance({ agentId: DEMO_AGENT_ID });

async function loop(durationSeconds: number): Promise<number> {
  const until = performance.now() + durationSeconds * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (; performance.now() < until; calls++) await call();
    }),
  );
  return calls;
}

await loop(1.5);
const session = new Session();
if (process.env.LOOP_PROFILE) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
}
for (let round = 0; round < 3; round++) {
  const before = process.cpuUsage();
  const calls = await loop(seconds);
  const cpu = process.cpuUsage(before);
  console.log(`${kind}: ${calls} calls, ${((cpu.user + cpu.system) / calls).toFixed(0)} us of CPU each`);
}
if (process.env.LOOP_PROFILE) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(`/tmp/tarmac-rpc-${kind}.cpuprofile`, JSON.stringify(profile));
}
await stack.stop();
