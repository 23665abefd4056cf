import type * as Jetstream from "@nats-io/jetstream";
import type * as Transport from "@nats-io/transport-node";

/** The NATS client's two packages: the connection (with the core's helpers and errors) and JetStream. */
export interface NatsClient {
  readonly transport: typeof Transport;
  readonly jetstream: typeof Jetstream;
}

let loading: Promise<NatsClient> | undefined;
let loaded: NatsClient | undefined;

/**
 * The NATS client, evaluated when the first connection is attempted (BackgroundConnection) rather
 * than when the code loads: without NATS_URL (the embedded stack) events stay in the process, and
 * evaluating the client cost about 50 ms of the start (issue 17). Every other file imports only its
 * types (eslint.config.js holds them to it) and takes its run-time values from natsClient().
 */
export function loadNatsClient(): Promise<NatsClient> {
  loading ??= Promise.all([import("@nats-io/transport-node"), import("@nats-io/jetstream")]).then(
    ([transport, jetstream]) => (loaded = { transport, jetstream }),
  );
  return loading;
}

/** The loaded client, for code that runs on a connection: it came from loadNatsClient, so the client is there. */
export function natsClient(): NatsClient {
  if (!loaded) throw new Error("The NATS client is not loaded: connect through BackgroundConnection (tests: loadNatsClient)");
  return loaded;
}
