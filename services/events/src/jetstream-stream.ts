import type { JetStreamManager } from "@nats-io/jetstream";
import type { Logger } from "@tarmac/kernel";
import { natsClient } from "./nats-client.js";

/** What configuration says about the stream's durability and size (NATS_STREAM_* variables). */
export interface StreamLimits {
  /** Copies across the NATS cluster: 3 survives losing a server; 1 on a single server. */
  readonly replicas: number;
  /** Events older than this are dropped. */
  readonly maxAgeMs: number;
  /** The oldest events are dropped beyond this size, before the volume fills and publishing stops. */
  readonly maxBytes: number;
  /** Nats-Msg-Id dedup only works within this window. */
  readonly duplicateWindowMs: number;
}

/** Limits of a service not told otherwise: one server, a week, 8 GiB, 2 minutes of dedup. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  replicas: 1,
  maxAgeMs: 7 * 24 * 3600 * 1000,
  maxBytes: 8 * 1024 ** 3,
  duplicateWindowMs: 120_000,
};

export interface StreamSpec {
  readonly name: string;
  /** e.g. `tarmac.>` */
  readonly subject: string;
  readonly limits: StreamLimits;
}

/**
 * Creates the events stream, or brings an existing one to the configured replicas, age and size
 * limits and duplicate window, with our subject: configuration is the one place they are set, so a
 * stream created by an older release (one replica, no limits) is raised to them at the next start.
 * Retention stays "limits" and the discard policy "old": a full stream drops its oldest events
 * rather than refusing new ones.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec, logger: Logger): Promise<void> {
  const { jetstream, transport } = natsClient();
  const { JetStreamApiCodes, JetStreamApiError, StorageType } = jetstream;
  const { limits } = spec;
  const wanted = {
    num_replicas: limits.replicas,
    max_age: transport.nanos(limits.maxAgeMs),
    max_bytes: limits.maxBytes,
    // JetStream refuses a duplicate window longer than the age limit.
    duplicate_window: transport.nanos(Math.min(limits.duplicateWindowMs, limits.maxAgeMs)),
  };
  let config;
  try {
    ({ config } = await jsm.streams.info(spec.name));
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add({ name: spec.name, subjects: [spec.subject], storage: StorageType.File, ...wanted });
    logger.info({ stream: spec.name, subject: spec.subject, replicas: limits.replicas }, "created the JetStream events stream");
    return;
  }
  if (config.storage !== StorageType.File) {
    const msg = "events stream is not file-backed; its events are lost when NATS restarts";
    logger.warn({ stream: spec.name, storage: config.storage }, msg);
  }
  // Older servers omit `subjects` from a stream created without them.
  const subjects: string[] = Array.isArray(config.subjects) ? config.subjects : [];
  const missingSubject = !subjects.includes(spec.subject);
  const differs = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => config[key] !== wanted[key]);
  if (!missingSubject && differs.length === 0) return;
  await jsm.streams.update(spec.name, {
    subjects: missingSubject ? [...subjects, spec.subject] : subjects,
    ...wanted,
  });
  logger.info({ stream: spec.name, subject: spec.subject, changed: differs }, "updated the JetStream events stream");
}
