import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { fromTimestamp } from "@tarmac/kernel";
import { type Attempt, type Delivery, DeliveryStatus, type Endpoint } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";

/** The JSON of webhook endpoints and deliveries (API guide, Webhooks): snake_case, null for what is not set. */

function instant(at: Timestamp | undefined): string | null {
  return fromTimestamp(at)?.toISOString() ?? null;
}

/** An answer without the endpoint or delivery it promises is the peer's bug: a 500, not a guess. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`webhooks answered without ${what}`);
  return value;
}

export function endpointJson(endpoint: Endpoint) {
  return {
    endpoint_id: endpoint.endpointId,
    url: endpoint.url,
    event_types: [...endpoint.eventTypes],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason === "" ? null : endpoint.disabledReason,
    created_at: instant(endpoint.createdAt) ?? "",
    updated_at: instant(endpoint.updatedAt) ?? "",
    previous_secret_expires_at: instant(endpoint.previousSecretExpiresAt),
  };
}

function attemptJson(attempt: Attempt) {
  return {
    at: instant(attempt.at) ?? "",
    status_code: attempt.statusCode,
    error: attempt.error,
    response_body: attempt.responseBody,
    duration_ms: Number(attempt.durationMs),
  };
}

const STATUS_NAMES: Readonly<Partial<Record<number, string>>> = {
  [DeliveryStatus.UNSPECIFIED]: "PENDING",
  [DeliveryStatus.PENDING]: "PENDING",
  [DeliveryStatus.SUCCEEDED]: "SUCCEEDED",
  [DeliveryStatus.FAILED]: "FAILED",
};

export function deliveryJson(delivery: Delivery) {
  return {
    delivery_id: delivery.deliveryId,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    // A status this gateway does not know yet is shown as still pending rather than failing the answer.
    status: STATUS_NAMES[delivery.status] ?? "PENDING",
    attempts: delivery.attempts.map(attemptJson),
    next_attempt_at: instant(delivery.nextAttemptAt),
    created_at: instant(delivery.createdAt) ?? "",
  };
}
