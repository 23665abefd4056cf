import type { JsonObject } from "@bufbuild/protobuf";
import { newId } from "@tarmac/kernel";

/** Subjects of API guide, Events live under this prefix: tarmac.booking.booked, tarmac.wallet.debited, ... */
export const SUBJECT_PREFIX = "tarmac";

/**
 * A domain event as the outbox keeps it: written in the same transaction as the change it
 * describes, published later with Nats-Msg-Id = id (so a re-publish is deduplicated).
 */
export interface OutboxEvent {
  /** `evt_` + ULID. */
  readonly id: string;
  /** Subject suffix, e.g. `booking.booked`, `booking.rescheduled`, `wallet.debited`. */
  readonly type: string;
  readonly agentId: string;
  readonly createdAt: Date;
  /** The payload, snake_case JSON (tarmac.events.v1 field names). */
  readonly data: JsonObject;
}

export function newEvent(type: string, agentId: string, data: JsonObject, now: Date): OutboxEvent {
  return { id: newId("evt"), type, agentId, createdAt: now, data };
}

export function subjectOf(event: Pick<OutboxEvent, "type">): string {
  return `${SUBJECT_PREFIX}.${event.type}`;
}

/** The message body of API guide, Events: `{id, type, created_at, agent_id, data}`. */
export function eventBody(event: OutboxEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    agent_id: event.agentId,
    data: event.data,
  });
}
