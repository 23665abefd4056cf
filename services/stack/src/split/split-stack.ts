import { randomBytes } from "node:crypto";
import { defined, freePort } from "@tarmac/kernel";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy.js";
import { ServiceProcess } from "./service-process.js";
import { processEnv, START_ORDER, TOPOLOGY, type ProcessKind } from "./topology.js";

export interface SplitStackOptions {
  /** The environment every process starts from (NATS_URL, MONGODB_URI, TARMAC_ENV, ...); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** `fixed`: the documented ports (gateway on PORT or 8080); `ephemeral`: free ports (tests). */
  readonly ports?: "fixed" | "ephemeral";
  /** Replicas of booking and wallet (default 1), each behind a round-robin proxy as behind a Service. */
  readonly replicas?: Partial<Record<"booking" | "wallet", number>>;
  /** Pass each process's output on to this one's stdout. */
  readonly echo?: boolean;
}

export interface SplitStack {
  readonly gatewayUrl: string;
  readonly operationsUrl: string;
  /** The demo agent's sandbox key (TARMAC_DEV_API_KEY, or one made up for this run). */
  readonly apiKey: string;
  /** Each service's gRPC URL as its callers reach it (a round-robin proxy's for replicas). */
  readonly services: Readonly<Record<ProcessKind, string>>;
  /** Every process by name: `search`, `booking-1`, `booking-2`, ... */
  readonly processes: ReadonlyMap<string, ServiceProcess>;
  /** Stops the process (SIGKILL: as a crash) and starts it again with the same environment. */
  restart(name: string, signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Waits until the gateway's /readyz answers 200 (every service SERVING). */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM to every process, callers first. */
  stop(): Promise<void>;
}

/**
 * The production shape on one machine: every service, the sandbox airline and the gateway as
 * separate OS processes wired by URLs, as the Helm chart wires the pods. Storage and events follow
 * the environment (MONGODB_URI, NATS_URL), so without them each process keeps its own memory.
 */
export async function startSplitStack(options: SplitStackOptions = {}): Promise<SplitStack> {
  const base = options.env ?? process.env;
  const ephemeral = options.ports === "ephemeral";
  // An empty variable means unset, as every service reads it.
  const given = base.TARMAC_DEV_API_KEY === "" ? undefined : base.TARMAC_DEV_API_KEY;
  const apiKey = given ?? `tk_test_${token(8)}_${token(32)}`;
  const env = { ...base, TARMAC_DEV_API_KEY: apiKey };
  const replicasOf = (kind: ProcessKind) => (kind === "booking" || kind === "wallet" ? (options.replicas?.[kind] ?? 1) : 1);
  const portOf = async (fixed: number) => (ephemeral ? freePort() : fixed);

  // Every port first: each process is told where its peers are before any starts.
  const listens = new Map<string, { kind: ProcessKind; port: number; metricsPort: number }>();
  for (const kind of START_ORDER) {
    const spec = TOPOLOGY[kind];
    const count = replicasOf(kind);
    for (let i = 1; i <= count; i++) {
      const fixedPort = kind === "gateway" && base.PORT ? Number(base.PORT) : spec.port;
      const name = count === 1 ? kind : `${kind}-${i}`;
      const port = count === 1 ? await portOf(fixedPort) : await freePort();
      listens.set(name, { kind, port, metricsPort: count === 1 ? await portOf(spec.metricsPort) : await freePort() });
    }
  }
  const proxies: RoundRobinProxy[] = [];
  const addresses = {} as Record<ProcessKind, number>;
  for (const kind of START_ORDER) {
    const ports = [...listens.values()].filter((l) => l.kind === kind).map((l) => l.port);
    const [only] = ports;
    if (ports.length === 1 && only !== undefined) addresses[kind] = only;
    else {
      const proxy = await startRoundRobinProxy(() => ports);
      proxies.push(proxy);
      addresses[kind] = proxy.port;
    }
  }

  const processes = new Map<string, ServiceProcess>();
  for (const [name, listen] of listens) {
    const own = processEnv(listen.kind, listen, addresses);
    processes.set(name, new ServiceProcess(name, TOPOLOGY[listen.kind].entry, { ...env, ...own }, listen.port, options.echo ?? false));
  }
  const stop = async () => {
    for (const process of [...processes.values()].reverse()) await process.stop("SIGTERM");
    await Promise.all(proxies.map((proxy) => proxy.close()));
  };
  const gateway = defined(listens.get("gateway"), "the gateway's ports");
  const operationsUrl = `http://127.0.0.1:${gateway.metricsPort}`;
  const ready = async (timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      let said = "";
      const status = await fetch(`${operationsUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        async (r) => {
          said = await r.text();
          return r.status;
        },
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > until) {
        // What the gateway says of each peer, and the output of any process that has gone: enough to
        // tell a peer that never came up from one that answers as something else.
        const gone = [...processes.values()].filter((p) => !p.running).map((p) => `${p.name} exited:\n${p.tail()}`);
        throw new Error(
          `the split stack is not ready after ${timeoutMs} ms (readyz ${status} ${said.slice(0, 2_000)})\n${gone.join("\n")}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    // Each group starts together (they only need their peers' addresses to start).
    await Promise.all([...processes.values()].map((p) => p.start()));
    await ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${gateway.port}`,
    operationsUrl,
    apiKey,
    services: Object.fromEntries(Object.entries(addresses).map(([kind, port]) => [kind, `http://127.0.0.1:${port}`])) as Record<
      ProcessKind,
      string
    >,
    processes,
    async restart(name, signal = "SIGKILL") {
      const process = processes.get(name);
      if (process === undefined) throw new Error(`no process ${name}: ${[...processes.keys()].join(", ")}`);
      await process.stop(signal);
      await process.start();
    },
    ready,
    stop,
  };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function token(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}
