/** The processes of the production shape, as the chart runs them: one per service, the sandbox airline, the gateway. */
export type ProcessKind = "airline" | "auth" | "search" | "fare" | "wallet" | "booking" | "webhooks" | "gateway";

export interface ProcessSpec {
  /** Entry point, from the repository root. */
  readonly entry: string;
  readonly hostVariable: string;
  readonly portVariable: string;
  /** The documented ports (`fixed`). */
  readonly port: number;
  readonly metricsPort: number;
  /** Whom it calls: each gets `<PEER>_URL`. */
  readonly peers: readonly ProcessKind[];
}

export const TOPOLOGY: Readonly<Record<ProcessKind, ProcessSpec>> = {
  airline: {
    entry: "services/airline/src/main.ts",
    hostVariable: "AIRLINE_HOST",
    portVariable: "AIRLINE_PORT",
    port: 50056,
    metricsPort: 9469,
    peers: [],
  },
  auth: {
    entry: "services/auth/src/main.ts",
    hostVariable: "AUTH_HOST",
    portVariable: "AUTH_PORT",
    port: 50055,
    metricsPort: 9468,
    peers: [],
  },
  search: {
    entry: "services/search/src/main.ts",
    hostVariable: "SEARCH_HOST",
    portVariable: "SEARCH_PORT",
    port: 50051,
    metricsPort: 9464,
    peers: ["airline"],
  },
  fare: {
    entry: "services/fare/src/main.ts",
    hostVariable: "FARE_HOST",
    portVariable: "FARE_PORT",
    port: 50052,
    metricsPort: 9465,
    peers: ["search", "airline"],
  },
  wallet: {
    entry: "services/wallet/src/main.ts",
    hostVariable: "WALLET_HOST",
    portVariable: "WALLET_PORT",
    port: 50054,
    metricsPort: 9467,
    peers: ["auth"],
  },
  booking: {
    entry: "services/booking/src/main.ts",
    hostVariable: "BOOKING_HOST",
    portVariable: "BOOKING_PORT",
    port: 50053,
    metricsPort: 9466,
    peers: ["fare", "wallet", "search", "airline", "auth"],
  },
  webhooks: {
    entry: "services/webhooks/src/main.ts",
    hostVariable: "WEBHOOKS_HOST",
    portVariable: "WEBHOOKS_PORT",
    port: 50057,
    metricsPort: 9470,
    peers: [],
  },
  gateway: {
    entry: "gateway/src/main.ts",
    hostVariable: "HOST",
    portVariable: "PORT",
    port: 8080,
    metricsPort: 9463,
    peers: ["search", "fare", "booking", "wallet", "auth", "webhooks"],
  },
};

/** Started in this order and stopped in the reverse: callers after those they call. */
export const START_ORDER: readonly ProcessKind[] = ["airline", "auth", "search", "fare", "wallet", "booking", "webhooks", "gateway"];

/** The environment of one process: where it listens and where each peer is. */
export function processEnv(
  kind: ProcessKind,
  listen: { readonly port: number; readonly metricsPort: number },
  addresses: Readonly<Record<ProcessKind, number>>,
): Record<string, string> {
  const spec = TOPOLOGY[kind];
  const env: Record<string, string> = {
    [spec.hostVariable]: "127.0.0.1",
    [spec.portVariable]: String(listen.port),
    METRICS_PORT: String(listen.metricsPort),
  };
  for (const peer of spec.peers) env[`${peer.toUpperCase()}_URL`] = `http://127.0.0.1:${addresses[peer]}`;
  return env;
}
