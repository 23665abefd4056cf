import { newEvent } from "@tarmac/events";
import { createLogger } from "@tarmac/kernel";
import { startStack } from "../stack.js";
import { adultPassenger, apiClient, contact } from "../testing/api-client.js";
import { relaxedRateLimits } from "../testing/rate-limits.js";
import { webhookReceiver } from "@tarmac/webhooks/testing";

/**
 * `pnpm bench` (third part): webhooks on loopback. Latency: from a booking's status change (the
 * event's created_at, written with the change) to the receiver's 2xx, over bookings made one after
 * another. Throughput: events put on the bus at once for one endpoint, until the receiver has all.
 */
const bookings = Number(process.env.BENCH_WEBHOOK_BOOKINGS ?? 40);
const burst = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const stack = await startStack({
  env: { ...relaxedRateLimits, ...process.env, LOG_LEVEL: "warn", TARMAC_ENV: "development", WEBHOOK_CONCURRENCY_PER_ENDPOINT: "16" },
  port: 0,
  servicePorts: "ephemeral",
  logger: createLogger({ name: "bench", level: "warn" }),
});
const receiver = await webhookReceiver();
const arrivals = new Map<string, number>();
try {
  const api = apiClient(stack.gatewayUrl, stack.apiKey);
  const created = await api.post("/api/v1/webhooks/create", { url: receiver.url, event_types: ["booking.booked", "wallet.credited"] });
  if (created.status !== 200) throw new Error(`webhooks/create answered ${created.status}: ${created.text}`);
  const seen = setInterval(() => {
    for (const r of receiver.received) if (!arrivals.has(r.json.id)) arrivals.set(r.json.id, performance.timeOrigin + performance.now());
  }, 1);

  const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "HYD" });
  const latencies: number[] = [];
  for (let i = 0; i < bookings; i++) {
    const before = receiver.received.length;
    const res = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": `webhook-bench-${process.pid}-${i}` },
    );
    if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.text}`);
    while (receiver.received.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
    const got = receiver.received.at(-1);
    const arrived = arrivals.get(got?.json.id ?? "") ?? Date.now();
    latencies.push(arrived - new Date((got?.json as { created_at?: string } | undefined)?.created_at ?? 0).getTime());
  }
  latencies.sort((a, b) => a - b);

  const bus = stack.events;
  if (!bus) throw new Error("the webhooks throughput part needs the embedded bus (no NATS_URL)");
  const start = performance.now();
  const already = receiver.received.length;
  for (let i = 0; i < burst; i++) await bus.publish(newEvent("wallet.credited", "agt_demo", { amount_paise: i }, new Date()));
  while (receiver.received.length < already + burst) await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (performance.now() - start) / 1000;
  clearInterval(seen);

  console.log(`\nWebhooks on loopback (embedded stores, one receiver answering 204)`);
  console.log(
    `  status change -> receiver 2xx, ${bookings} bookings one at a time: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(`  ${burst} events to one endpoint: ${(burst / seconds).toFixed(0)} deliveries/s (${seconds.toFixed(2)} s)`);
} finally {
  await stack.stop();
  await receiver.close();
}
