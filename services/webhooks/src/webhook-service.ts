import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { newEvent } from "@tarmac/events";
import { DomainError, newId, type Clock } from "@tarmac/kernel";
import {
  CreateEndpointResponseSchema,
  DeleteEndpointResponseSchema,
  GetEndpointResponseSchema,
  ListDeliveriesResponseSchema,
  ListEndpointsResponseSchema,
  RedeliverEventResponseSchema,
  RotateSecretResponseSchema,
  SendTestEventResponseSchema,
  UpdateEndpointResponseSchema,
  type CreateEndpointRequest,
  type DeleteEndpointRequest,
  type GetEndpointRequest,
  type ListDeliveriesRequest,
  type ListEndpointsRequest,
  type RedeliverEventRequest,
  type RotateSecretRequest,
  type SendTestEventRequest,
  type UpdateEndpointRequest,
  type WebhookService,
} from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { DeliveryCursorCodec } from "./delivery-cursor.js";
import { ROTATION_GRACE_MS, type Endpoint } from "./domain/endpoint.js";
import { TEST_EVENT_TYPE } from "./domain/event-catalogue.js";
import { EndpointFields, type UrlRules } from "./endpoint-fields.js";
import { asWebhookEvent, newDelivery } from "./ingest.js";
import { toProtoDelivery, toProtoEndpoint } from "./proto-mapping.js";
import type { WebhookStore } from "./store/webhook-store.js";

/** Makes and seals endpoint secrets (delivery/signature.ts, delivery/secret-box.ts). */
export interface SecretKeeper {
  newSecret(): string;
  seal(endpointId: string, secret: string): string;
}

export interface WebhookServiceDeps {
  readonly store: WebhookStore;
  readonly clock: Clock;
  readonly urls: UrlRules;
  readonly secrets: SecretKeeper;
  readonly cursors: DeliveryCursorCodec;
}

const notFound = () => new DomainError("WEBHOOK_ENDPOINT_NOT_FOUND", "No such webhook endpoint");

/**
 * tarmac.webhooks.v1.WebhookService: an agency's endpoints and their deliveries. Every call is
 * scoped to the request's agent_id; another agency's endpoint is answered as one that never existed.
 */
export class WebhookServiceImpl implements ServiceImpl<typeof WebhookService> {
  constructor(private readonly deps: WebhookServiceDeps) {}

  async createEndpoint(request: CreateEndpointRequest) {
    const f = new EndpointFields(this.deps.urls);
    const agentId = f.id("agent_id", request.agentId, "agt");
    const url = await f.url(request.url);
    const eventTypes = f.eventTypes(request.eventTypes);
    const description = f.description(request.description);
    f.check();
    const now = this.deps.clock.now();
    const id = newId("whe");
    const secret = this.deps.secrets.newSecret();
    const endpoint: Endpoint = {
      id,
      agentId,
      url,
      eventTypes,
      description,
      enabled: true,
      sealedSecret: this.deps.secrets.seal(id, secret),
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.store.createEndpoint(endpoint);
    return create(CreateEndpointResponseSchema, { endpoint: toProtoEndpoint(endpoint, now), secret });
  }

  async listEndpoints(request: ListEndpointsRequest) {
    const f = new EndpointFields(this.deps.urls);
    f.id("agent_id", request.agentId, "agt");
    f.check();
    const now = this.deps.clock.now();
    const endpoints = await this.deps.store.listEndpoints(request.agentId);
    return create(ListEndpointsResponseSchema, { endpoints: endpoints.map((e) => toProtoEndpoint(e, now)) });
  }

  async getEndpoint(request: GetEndpointRequest) {
    const endpoint = await this.own(request.agentId, request.endpointId);
    return create(GetEndpointResponseSchema, { endpoint: toProtoEndpoint(endpoint, this.deps.clock.now()) });
  }

  async updateEndpoint(request: UpdateEndpointRequest) {
    const f = new EndpointFields(this.deps.urls);
    const url = request.url === undefined ? undefined : await f.url(request.url);
    const eventTypes = request.updateEventTypes ? f.eventTypes(request.eventTypes) : undefined;
    const description = request.description === undefined ? undefined : f.description(request.description);
    const endpoint = await this.own(request.agentId, request.endpointId, f);
    const now = this.deps.clock.now();
    const changed: Endpoint = {
      ...endpoint,
      ...(url !== undefined && { url }),
      ...(eventTypes && { eventTypes }),
      ...(description !== undefined && { description }),
      ...(request.enabled !== undefined && { enabled: request.enabled }),
      updatedAt: now,
    };
    if (request.enabled === true) delete (changed as { disabledReason?: string }).disabledReason;
    if (request.enabled === true) delete (changed as { failingSince?: Date }).failingSince;
    if (!(await this.deps.store.replaceEndpoint(changed, endpoint.updatedAt))) throw raced();
    return create(UpdateEndpointResponseSchema, { endpoint: toProtoEndpoint(changed, now) });
  }

  async deleteEndpoint(request: DeleteEndpointRequest) {
    await this.own(request.agentId, request.endpointId);
    if (!(await this.deps.store.deleteEndpoint(request.agentId, request.endpointId))) throw notFound();
    return create(DeleteEndpointResponseSchema, {});
  }

  async rotateSecret(request: RotateSecretRequest) {
    const endpoint = await this.own(request.agentId, request.endpointId);
    const now = this.deps.clock.now();
    const secret = this.deps.secrets.newSecret();
    const rotated: Endpoint = {
      ...endpoint,
      sealedSecret: this.deps.secrets.seal(endpoint.id, secret),
      sealedPreviousSecret: endpoint.sealedSecret,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
      updatedAt: now,
    };
    if (!(await this.deps.store.replaceEndpoint(rotated, endpoint.updatedAt))) throw raced();
    return create(RotateSecretResponseSchema, { endpoint: toProtoEndpoint(rotated, now), secret });
  }

  async sendTestEvent(request: SendTestEventRequest) {
    const endpoint = await this.own(request.agentId, request.endpointId);
    const now = this.deps.clock.now();
    const event = asWebhookEvent(newEvent(TEST_EVENT_TYPE, endpoint.agentId, { endpoint_id: endpoint.id }, now));
    const delivery = newDelivery(event, endpoint.id, endpoint.agentId, now);
    await this.deps.store.recordEvent(event, [delivery]);
    return create(SendTestEventResponseSchema, { delivery: toProtoDelivery(delivery) });
  }

  async listDeliveries(request: ListDeliveriesRequest) {
    const f = new EndpointFields(this.deps.urls);
    const size = request.pageSize === 0 ? 20 : request.pageSize;
    if (size < 1 || size > 100) throw new DomainError("VALIDATION_FAILED", "page_size is 1 to 100");
    const endpoint = await this.own(request.agentId, request.endpointId, f);
    const after = request.cursor === "" ? undefined : this.deps.cursors.decode(request.cursor, endpoint.agentId, endpoint.id);
    const page = await this.deps.store.listDeliveries(endpoint.agentId, endpoint.id, size + 1, after);
    const shown = page.slice(0, size);
    const last = shown.at(-1);
    const nextCursor =
      page.length > size && last ? this.deps.cursors.encode(endpoint.agentId, endpoint.id, { createdAt: last.createdAt, id: last.id }) : "";
    return create(ListDeliveriesResponseSchema, { deliveries: shown.map(toProtoDelivery), nextCursor });
  }

  async redeliverEvent(request: RedeliverEventRequest) {
    const endpoint = await this.own(request.agentId, request.endpointId);
    const event = (await this.deps.store.hadDelivery(endpoint.agentId, endpoint.id, request.eventId))
      ? await this.deps.store.findEvent(request.eventId)
      : undefined;
    if (!event) throw new DomainError("WEBHOOK_EVENT_NOT_FOUND", "This endpoint never had that event");
    const delivery = newDelivery(event, endpoint.id, endpoint.agentId, this.deps.clock.now(), true);
    await this.deps.store.recordEvent(event, [delivery]);
    return create(RedeliverEventResponseSchema, { delivery: toProtoDelivery(delivery) });
  }

  /** The agency's endpoint, after the request's fields are checked (another agency's is not found). */
  private async own(agentId: string, endpointId: string, fields = new EndpointFields(this.deps.urls)): Promise<Endpoint> {
    fields.id("agent_id", agentId, "agt");
    fields.id("endpoint_id", endpointId, "whe");
    fields.check();
    const endpoint = await this.deps.store.findEndpoint(agentId, endpointId);
    if (!endpoint) throw notFound();
    return endpoint;
  }
}

const raced = () => new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "The endpoint changed meanwhile; read it again and retry");
