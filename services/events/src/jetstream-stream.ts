import type { JetStreamManager } from "@nats-io/jetstream";
import type { Logger } from "@tarmac/kernel";
import { natsClient } from "./nats-client.js";

export interface StreamSpec {
  readonly name: string;
  /** e.g. `tarmac.>` */
  readonly subject: string;
  readonly duplicateWindowMs: number;
}

/**
 * Creates the events stream, or brings an existing one up to what publishing needs: our subject,
 * and a duplicate window at least as long as ours (Nats-Msg-Id dedup only works within it).
 * Anything else operators set on the stream (retention, replicas, limits) is left alone.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec, logger: Logger): Promise<void> {
  const { jetstream, transport } = natsClient();
  const { JetStreamApiCodes, JetStreamApiError, StorageType } = jetstream;
  const window = transport.nanos(spec.duplicateWindowMs);
  let config;
  try {
    ({ config } = await jsm.streams.info(spec.name));
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add({
      name: spec.name,
      subjects: [spec.subject],
      storage: StorageType.File,
      duplicate_window: window,
    });
    logger.info({ stream: spec.name, subject: spec.subject }, "created the JetStream events stream");
    return;
  }
  if (config.storage !== StorageType.File) {
    const msg = "events stream is not file-backed; its events are lost when NATS restarts";
    logger.warn({ stream: spec.name, storage: config.storage }, msg);
  }
  // Older servers omit `subjects` from a stream created without them.
  const subjects: string[] = Array.isArray(config.subjects) ? config.subjects : [];
  const missingSubject = !subjects.includes(spec.subject);
  if (!missingSubject && config.duplicate_window >= window) return;
  await jsm.streams.update(spec.name, {
    subjects: missingSubject ? [...subjects, spec.subject] : subjects,
    duplicate_window: Math.max(config.duplicate_window, window),
  });
  logger.info({ stream: spec.name, subject: spec.subject }, "updated the JetStream events stream");
}
