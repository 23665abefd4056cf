import type { JsonObject } from "@bufbuild/protobuf";
import type { OutboxEvent } from "./outbox-event.js";
import { parseJsonObject } from "./json-object.js";

/** Reads a published event body (`{id, type, created_at, agent_id, data}`) back; undefined when it is not one. */
export function parseEventBody(text: string): OutboxEvent | undefined {
  const parsed = parseJsonObject(text);
  if (parsed === undefined) return undefined;
  const { id, type, created_at: createdAt, agent_id: agentId, data } = parsed;
  if (typeof id !== "string" || typeof type !== "string" || typeof agentId !== "string" || typeof createdAt !== "string") return undefined;
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime()) || typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  return { id, type, agentId, createdAt: at, data: data as JsonObject };
}
