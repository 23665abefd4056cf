import { jetstream, jetstreamManager, type JetStreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";

/** The JetStream the tests need; CI sets NATS_URL, developers run nats-server -js locally. */
export const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:4222";

/** host and port of NATS_URL, for the outage proxy. */
export function natsAddress(): { host: string; port: number } {
  const url = new URL(NATS_URL.split(",")[0]!.trim());
  return { host: url.hostname, port: Number(url.port || 4222) };
}

/** A direct connection for the tests' own checks; fails clearly when NATS JetStream is missing. */
export async function requireJetStream(): Promise<{ nc: NatsConnection; jsm: JetStreamManager }> {
  let nc: NatsConnection;
  try {
    nc = await connect({ servers: NATS_URL, timeout: 3_000, maxReconnectAttempts: 0 });
  } catch (err) {
    throw new Error(
      `These tests need NATS with JetStream at ${NATS_URL} and could not connect (${String(err)}). ` +
        "Start one with `nats-server -js` (or `docker run -p 4222:4222 nats:2 -js`), or point NATS_URL at one.",
      { cause: err },
    );
  }
  try {
    return { nc, jsm: await jetstreamManager(nc) };
  } catch (err) {
    await nc.close();
    throw new Error(`NATS at ${NATS_URL} does not offer JetStream (${String(err)}); start nats-server with -js.`, { cause: err });
  }
}

let seq = 0;

/** A stream and subject prefix of this run only: JetStream refuses streams with overlapping subjects. */
export function uniqueStream(): { streamName: string; subjectPrefix: string } {
  const token = `${process.pid}_${Date.now().toString(36)}_${++seq}`;
  return { streamName: `TARMAC_TEST_${token}`, subjectPrefix: `tarmac_test_${token}` };
}

export interface StoredEvent {
  readonly subject: string;
  readonly msgId: string | undefined;
  readonly body: { id: string; type: string; created_at: string; agent_id: string; data: unknown };
}

/** Every message the stream holds, in stream order, read with an ordered consumer. */
export async function readStream(nc: NatsConnection, streamName: string): Promise<StoredEvent[]> {
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(streamName);
  if (state.messages === 0) return [];
  const consumer = await jetstream(nc).consumers.get(streamName);
  const messages = await consumer.fetch({ max_messages: state.messages, expires: 5_000 });
  const out: StoredEvent[] = [];
  for await (const m of messages) {
    out.push({ subject: m.subject, msgId: m.headers?.get("Nats-Msg-Id"), body: m.json() });
  }
  return out;
}
