/** What `Profiler.stop` gives (the parts read here). */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string };
    readonly children?: readonly number[];
  }[];
  readonly samples?: readonly number[];
}

export type Share = "calls" | "http" | "gc" | "program" | "other";

/**
 * Calls between services: Node's HTTP/2, Connect, protobuf-es and the kernel's call path (transport,
 * handler, headers, caller tokens, deadlines, metrics). What a booking or page would not pay if the
 * services were one program.
 */
const CALLS =
  /node:internal\/http2|@connectrpc|@bufbuild\/protobuf|kernel\/src\/(fast-path\/|peer-|caller-auth|deadline|within|rpc-metrics|interceptors|service-host|dual-protocol)/;
/** The gateway's own HTTP request: Fastify, its plugins and Node's HTTP/1.1. */
const HTTP = /fastify|find-my-way|avvio|light-my-request|node:_http|node:internal\/http[^2]/;

const SPECIAL: Readonly<Record<string, Share>> = { "(garbage collector)": "gc", "(program)": "program" };

/**
 * Shares of a CPU profile's busy samples (idle ones left out), two ways: `stack` charges a sample
 * to the calls if any frame of its stack is call code (so work a handler does synchronously counts
 * as calls: an upper bound), `innermost` by the innermost frame that has a source (a lower bound).
 */
export function profileShares(profile: CpuProfile): Record<"stack" | "innermost", Record<Share, number>> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = counts();
  const innermost = counts();
  let busy = 0;
  for (const sample of profile.samples ?? []) {
    const urls: string[] = [];
    let leaf: string | undefined;
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame === undefined) break;
      leaf ??= frame.functionName;
      if (frame.url !== "") urls.push(frame.url);
    }
    if (leaf === "(idle)") continue;
    busy++;
    const special = SPECIAL[leaf ?? ""];
    if (special !== undefined) {
      stack[special]++;
      innermost[special]++;
      continue;
    }
    const kinds = urls.map(kindOf);
    stack[kinds.includes("calls") ? "calls" : kinds.includes("http") ? "http" : "other"]++;
    innermost[kinds[0] ?? "other"]++;
  }
  return { stack: asShares(stack, busy), innermost: asShares(innermost, busy) };
}

function kindOf(url: string): Share {
  return CALLS.test(url) ? "calls" : HTTP.test(url) ? "http" : "other";
}

const counts = (): Record<Share, number> => ({ calls: 0, http: 0, gc: 0, program: 0, other: 0 });

function asShares(count: Record<Share, number>, busy: number): Record<Share, number> {
  const shares = counts();
  for (const key of Object.keys(shares) as Share[]) shares[key] = busy === 0 ? 0 : count[key] / busy;
  return shares;
}
