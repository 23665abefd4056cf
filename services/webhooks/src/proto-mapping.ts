import { create } from "@bufbuild/protobuf";
import { toTimestamp } from "@tarmac/kernel";
import {
  DeliveryStatus as ProtoDeliveryStatus,
  DeliverySchema,
  EndpointSchema,
  type Delivery as ProtoDelivery,
  type Endpoint as ProtoEndpoint,
} from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { Delivery, DeliveryStatus } from "./domain/delivery.js";
import type { Endpoint } from "./domain/endpoint.js";

const statuses: Record<DeliveryStatus, ProtoDeliveryStatus> = {
  PENDING: ProtoDeliveryStatus.PENDING,
  SUCCEEDED: ProtoDeliveryStatus.SUCCEEDED,
  FAILED: ProtoDeliveryStatus.FAILED,
};

/** The endpoint as the contract shows it: never its secrets. */
export function toProtoEndpoint(endpoint: Endpoint, now: Date): ProtoEndpoint {
  const graceUntil =
    endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : undefined;
  return create(EndpointSchema, {
    endpointId: endpoint.id,
    agentId: endpoint.agentId,
    url: endpoint.url,
    eventTypes: [...endpoint.eventTypes],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason ?? "",
    createdAt: toTimestamp(endpoint.createdAt),
    updatedAt: toTimestamp(endpoint.updatedAt),
    ...(graceUntil && { previousSecretExpiresAt: toTimestamp(graceUntil) }),
  });
}

export function toProtoDelivery(delivery: Delivery): ProtoDelivery {
  return create(DeliverySchema, {
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: statuses[delivery.status],
    attempts: delivery.attempts.map((a) => ({
      at: toTimestamp(a.at),
      statusCode: a.statusCode,
      error: a.error,
      responseBody: a.responseBody,
      durationMs: BigInt(a.durationMs),
    })),
    ...(delivery.status === "PENDING" && { nextAttemptAt: toTimestamp(delivery.nextAttemptAt) }),
    createdAt: toTimestamp(delivery.createdAt),
  });
}
