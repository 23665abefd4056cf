import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { asPermittedCaller } from "@tarmac/kernel/testing";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { walletCallerPolicy } from "@tarmac/wallet";
import { apiClient } from "../testing/api-client.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";
import { bookingBodies } from "./booking-fares.js";
import type { LoadOptions } from "./load-runner.js";
import { measure } from "./measure.js";
import { profileShares } from "./profile-shares.js";
import { distinctPages } from "./page-set.js";
import { startQuietStack } from "./quiet-stack.js";

/**
 * `pnpm bench:profile`: the bench's distinct pages, then its bookings, each for PROFILE_SECONDS (6)
 * after a 2 s warm-up, with the V8 profiler on for the measured part only. It prints the stack
 * process's CPU time per request (user + system: the number that stays comparable when other
 * processes share the cores, unlike rates) and writes `<PROFILE_OUT>-page.cpuprofile` and
 * `-booking.cpuprofile` (PROFILE_OUT: /tmp/tarmac) for Chrome DevTools or any cpuprofile reader, and
 * the shares of each path's busy CPU spent in calls between services, the gateway's HTTP, GC and the
 * rest (profileShares).
 */
const out = process.env.PROFILE_OUT ?? "/tmp/tarmac";
const seconds = Number(process.env.PROFILE_SECONDS ?? 6);
const connections = 10;
const stack = await startQuietStack({ ...relaxedRateLimits, ...process.env });
try {
  const api = apiClient(stack.gatewayUrl, stack.apiKey);
  const wallet = createClient(
    WalletService,
    createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [asPermittedCaller(walletCallerPolicy)] }),
  );
  const run = `${process.pid}-${Date.now()}`;
  await wallet.topUp({ agentId: DEMO_AGENT_ID, amountPaise: 10n ** 12n, reference: `profile-${run}`, description: "profile funds" });
  const headers = { "content-type": "application/json", "x-api-key": stack.apiKey };
  const pages = await distinctPages(api);
  const bookings = await bookingBodies(api);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  const profile = async (name: string, options: LoadOptions) => {
    // The warm-up's Idempotency-Keys are its own: a replayed key would make the measured bookings cheaper.
    const unique = options.uniqueHeader && { ...options.uniqueHeader, prefix: `${options.uniqueHeader.prefix}-warm` };
    await measure({ ...options, durationSeconds: 2, ...(unique && { uniqueHeader: unique }) }, undefined);
    await session.post("Profiler.start");
    const before = process.cpuUsage();
    const s = await measure(options, undefined);
    const cpu = process.cpuUsage(before);
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(`${out}-${name}.cpuprofile`, JSON.stringify(profile));
    const ms = (cpu.user + cpu.system) / 1000 / s.requests;
    console.log(`${name}: ${s.requests} requests, ${ms.toFixed(2)} ms CPU each, p50 ${s.p50Ms} ms, ${s.non2xx + s.errors} failed`);
    const shares = profileShares(profile);
    for (const [way, share] of Object.entries(shares)) {
      const parts = Object.entries(share).map(([k, v]) => `${k} ${(100 * v).toFixed(1)}%`);
      console.log(`  busy CPU by ${way}: ${parts.join(", ")}`);
    }
  };
  const page = { url: `${stack.gatewayUrl}/api/v1/flight/search`, bodies: pages.map((p) => p.body), headers, connections };
  await profile("page", { ...page, durationSeconds: seconds });
  const booking = { url: `${stack.gatewayUrl}/api/v1/flight/booking/create`, bodies: bookings, headers, connections };
  await profile("booking", { ...booking, durationSeconds: seconds, uniqueHeader: { name: "idempotency-key", prefix: `profile-${run}` } });
} finally {
  await stack.stop();
}
