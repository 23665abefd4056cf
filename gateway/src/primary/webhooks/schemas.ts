import { EVENT_TYPES } from "@tarmac/webhooks";
import { boolean, integer, object, string } from "../search/schemas.js";

/** Request schemas of /webhooks/* (API guide, Webhooks). Field names are snake_case. */

const endpointId = { type: "string", minLength: 1, maxLength: 128 } as const;
/** Absolute http(s) URL; the webhooks service decides what it accepts (https in production, no private addresses). */
const url = { type: "string", minLength: 1, maxLength: 2048, pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$" } as const;
/** Names from the event catalogue: an unknown one is INVALID_VALUE on event_types[i]. */
const eventTypes = {
  type: "array",
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  items: { type: "string", enum: EVENT_TYPES },
} as const;
const description = { type: "string", maxLength: 200 } as const;

const closed = <P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = []) =>
  ({ type: "object", additionalProperties: false, ...(required.length > 0 && { required }), properties }) as const;

export const createRequestSchema = closed({ url, event_types: eventTypes, description }, ["url", "event_types"]);
export interface CreateBody {
  url: string;
  event_types: string[];
  description?: string;
}

export const emptyRequestSchema = closed({});

export const endpointRequestSchema = closed({ endpoint_id: endpointId }, ["endpoint_id"]);
export interface EndpointBody {
  endpoint_id: string;
}

export const updateRequestSchema = closed({ endpoint_id: endpointId, url, event_types: eventTypes, description, enabled: boolean }, [
  "endpoint_id",
]);
export interface UpdateBody extends EndpointBody {
  url?: string;
  event_types?: string[];
  description?: string;
  enabled?: boolean;
}

export const deliveriesRequestSchema = closed(
  {
    endpoint_id: endpointId,
    page_size: { type: "integer", minimum: 1, maximum: 100 },
    cursor: { type: ["string", "null"], minLength: 1, maxLength: 1024 },
  },
  ["endpoint_id"],
);
export interface DeliveriesBody extends EndpointBody {
  page_size?: number;
  cursor?: string | null;
}

export const redeliverRequestSchema = closed({ endpoint_id: endpointId, event_id: { type: "string", minLength: 1, maxLength: 128 } }, [
  "endpoint_id",
  "event_id",
]);
export interface RedeliverBody extends EndpointBody {
  event_id: string;
}

const nullableString = { type: ["string", "null"] } as const;

export const endpointSchema = object({
  endpoint_id: string,
  url: string,
  event_types: { type: "array", items: string },
  description: string,
  enabled: boolean,
  disabled_reason: nullableString,
  created_at: string,
  updated_at: string,
  previous_secret_expires_at: nullableString,
});

export const deliverySchema = object({
  delivery_id: string,
  endpoint_id: string,
  event_id: string,
  event_type: string,
  status: { type: "string", enum: ["PENDING", "SUCCEEDED", "FAILED"] },
  attempts: {
    type: "array",
    items: object({ at: string, status_code: integer, error: string, response_body: string, duration_ms: integer }),
  },
  next_attempt_at: nullableString,
  created_at: string,
});
