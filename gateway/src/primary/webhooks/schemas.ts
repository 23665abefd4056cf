import { DeliveryStatusSchema } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { EVENT_TYPES, TEST_EVENT_TYPE } from "@tarmac/webhooks";
import { enumNames } from "../../enum-names.js";
import { array, boolean, closed, instant, integer, nullableInstant, object, oneOf, previousPageCursor, string } from "../../json-schema.js";

/** Request schemas of /webhooks/* (API guide, Webhooks). Field names are snake_case. */

const endpointId = string("The endpoint's id (`whe_...`).", { minLength: 1, maxLength: 128 });
/** Absolute http(s) URL; the webhooks service decides what it accepts (https in production, no private addresses). */
const url = string("Where events are POSTed: an absolute https URL.", {
  minLength: 1,
  maxLength: 2048,
  pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$",
});
const eventType = (description: string) => oneOf(EVENT_TYPES, description);
/** Names from the event catalogue: an unknown one is INVALID_VALUE on event_types[i]. */
const eventTypes = (description: string) =>
  array(eventType("An event type of the catalogue."), description, { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true });
const description = string("Free text of the agency's, at most 200 characters.", { maxLength: 200 });

export const createRequestSchema = closed({ url, event_types: eventTypes("The event types to receive, at least one."), description }, [
  "url",
  "event_types",
]);
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

export const updateRequestSchema = closed(
  {
    endpoint_id: endpointId,
    url,
    event_types: eventTypes("Replaces the event types received."),
    description,
    enabled: boolean("False turns the endpoint off: nothing is delivered while off."),
  },
  ["endpoint_id"],
);
export interface UpdateBody extends EndpointBody {
  url?: string;
  event_types?: string[];
  description?: string;
  enabled?: boolean;
}

export const deliveriesRequestSchema = closed(
  {
    endpoint_id: endpointId,
    page_size: integer("Deliveries per page, 1 to 100; default 20.", { minimum: 1, maximum: 100 }),
    cursor: previousPageCursor("The `cursor` of the previous page."),
  },
  ["endpoint_id"],
);
export interface DeliveriesBody extends EndpointBody {
  page_size?: number;
  cursor?: string | null;
}

const eventId = (description: string) => string(description, { minLength: 1, maxLength: 128 });

export const redeliverRequestSchema = closed({ endpoint_id: endpointId, event_id: eventId("The event to deliver again (`evt_...`).") }, [
  "endpoint_id",
  "event_id",
]);
export interface RedeliverBody extends EndpointBody {
  event_id: string;
}

export const endpointSchema = object({
  endpoint_id: string("The endpoint's id (`whe_...`)."),
  url: string("Where events are POSTed."),
  event_types: array(eventType("An event type of the catalogue."), "The event types it receives."),
  description: string("Free text of the agency's."),
  enabled: boolean("False when the agency or the platform turned it off; nothing is delivered while off."),
  disabled_reason: {
    type: ["string", "null"],
    description: "Why the platform disabled it (e.g. every delivery failed for 3 days); null otherwise.",
  },
  created_at: instant("When it was registered."),
  updated_at: instant("When it last changed."),
  previous_secret_expires_at: nullableInstant(
    "Until when deliveries are also signed with the previous secret (after a rotation); null otherwise.",
  ),
});

export const deliverySchema = object({
  delivery_id: string("The delivery's id (`whd_...`)."),
  endpoint_id: string("The endpoint it goes to."),
  event_id: string("The event's id (`Tarmac-Event-Id`), the same for every delivery of the event."),
  event_type: oneOf(
    [...EVENT_TYPES, TEST_EVENT_TYPE],
    `The event's type (\`Tarmac-Event-Type\`): one of the catalogue, or \`${TEST_EVENT_TYPE}\` for the test operation's.`,
  ),
  status: oneOf(
    enumNames(DeliveryStatusSchema),
    "`PENDING` (waiting for its next attempt), `SUCCEEDED` (a 2xx arrived) or `FAILED` (every attempt of 24 hours failed).",
  ),
  attempts: array(
    object({
      at: instant("When the request was sent."),
      status_code: integer("The receiver's HTTP status; 0 when none came (timeout, connection, DNS or TLS failure, refused address)."),
      error: string("What went wrong; empty for a 2xx."),
      response_body: string("The first 1 KB of the receiver's answer."),
      duration_ms: integer("How long the request took, in milliseconds."),
    }),
    "Every attempt so far, oldest first.",
  ),
  next_attempt_at: nullableInstant("When the next attempt is due (PENDING only); null otherwise."),
  created_at: instant("When the delivery was recorded."),
});
