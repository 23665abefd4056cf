import autocannon from "autocannon";

/**
 * Runs one autocannon measurement and prints its summary as JSON on stdout. It runs as a child
 * process so that the load generator can sit on a different core from the servers it measures.
 */
export interface LoadOptions {
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly durationSeconds: number;
}

export interface LoadSummary {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}

const options = JSON.parse(process.argv[2] ?? "{}") as LoadOptions;
const result = await autocannon({
  url: options.url,
  method: "POST",
  headers: options.headers,
  body: options.body,
  connections: options.connections,
  duration: options.durationSeconds,
  timeout: 10,
});
const summary: LoadSummary = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
