import autocannon from "autocannon";

/**
 * Runs one autocannon measurement and prints its summary as JSON on stdout. It runs as a child
 * process so that the load generator can sit on a different core from the servers it measures.
 */
export interface LoadOptions {
  readonly url: string;
  /** Request bodies, sent in turn by all connections together, so no body is sent twice in a row. */
  readonly bodies: readonly string[];
  readonly headers: Record<string, string>;
  /** A header given a value no other request of the run has (`<prefix>-<n>`), e.g. Idempotency-Key. */
  readonly uniqueHeader?: { readonly name: string; readonly prefix: string };
  readonly connections: number;
  /** Seconds, or `amount` requests when given. */
  readonly durationSeconds: number;
  readonly amount?: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  readonly overallRate?: number;
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
let sent = 0;
const result = await autocannon({
  url: options.url,
  method: "POST",
  headers: options.headers,
  connections: options.connections,
  ...(options.amount === undefined ? { duration: options.durationSeconds } : { amount: options.amount }),
  ...(options.overallRate !== undefined && { overallRate: options.overallRate }),
  timeout: 10,
  requests: [
    {
      setupRequest: (request) => {
        const n = sent++;
        const body = options.bodies[n % options.bodies.length];
        const unique = options.uniqueHeader;
        return { ...request, body, ...(unique && { headers: { ...request.headers, [unique.name]: `${unique.prefix}-${n}` } }) };
      },
    },
  ],
});
const summary: LoadSummary = {
  requestsPerSecond: result.requests.total / (result.duration || 1),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
