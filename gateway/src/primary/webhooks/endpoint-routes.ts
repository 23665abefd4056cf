import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { webhookOperation, webhooksConfig as config } from "./access.js";
import { endpointWithSecretResponseSchema, endpointListResponseSchema } from "./responses.js";
import { type CreateBody, createRequestSchema, emptyRequestSchema, type EndpointBody, endpointRequestSchema } from "./schemas.js";
import { endpointJson, present } from "./webhook-json.js";

export interface WebhookRoutesOptions {
  readonly webhooks: ServiceClients["webhooks"];
}

const NOT_FOUND = ["WEBHOOK_ENDPOINT_NOT_FOUND"] as const;

/** POST /webhooks/create, /list and /rotate-secret: registering endpoints and their signing secrets. */
export const endpointRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, { webhooks }) => {
  const withSecret = (answer: { endpoint?: Parameters<typeof endpointJson>[0]; secret: string }) => ({
    endpoint: endpointJson(present(answer.endpoint, "an endpoint")),
    secret: answer.secret,
  });

  app.post<{ Body: CreateBody }>(
    "/webhooks/create",
    {
      schema: webhookOperation({
        operationId: "createWebhookEndpoint",
        summary: "Register a webhook endpoint",
        description:
          "Registers `url` (https; never a loopback, private, link-local or metadata address) for the `event_types` of the " +
          "event catalogue, with an optional `description` (200 characters). Answers the endpoint and its signing secret " +
          "`whsec_...`, shown this once: store it to verify `Tarmac-Signature`. An unknown event type is 400 on " +
          "`event_types[i]`. Not idempotent: a retry registers a second endpoint (list and delete the extra one).",
        body: createRequestSchema,
        success: {
          schema: endpointWithSecretResponseSchema,
          description: "The endpoint, enabled, and its secret (shown once).",
        },
      }),
      config,
    },
    async (request) => {
      const { url, event_types, description } = request.body;
      const agentId = callerOf(request).agentId;
      return withSecret(await webhooks.createEndpoint({ agentId, url, eventTypes: event_types, description: description ?? "" }));
    },
  );

  app.post(
    "/webhooks/list",
    {
      schema: webhookOperation({
        operationId: "listWebhookEndpoints",
        summary: "The calling agency's webhook endpoints",
        description: "Every endpoint of the calling agency, oldest first, without secrets. The body is an empty object.",
        body: emptyRequestSchema,
        success: { schema: endpointListResponseSchema, description: "The endpoints." },
      }),
      config,
    },
    async (request) => {
      const { endpoints } = await webhooks.listEndpoints({ agentId: callerOf(request).agentId });
      return { endpoints: endpoints.map(endpointJson) };
    },
  );

  app.post(
    "/webhooks/rotate-secret",
    {
      schema: webhookOperation({
        operationId: "rotateWebhookSecret",
        summary: "Make a new signing secret",
        description:
          "Makes a new secret, answered this once. For 24 hours (`previous_secret_expires_at`) deliveries carry two `v1=` " +
          "signatures, one per secret, so receivers can switch without losing an event.",
        body: endpointRequestSchema,
        success: { schema: endpointWithSecretResponseSchema, description: "The endpoint and its new secret (shown once)." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: EndpointBody }>) =>
      withSecret(await webhooks.rotateSecret({ agentId: callerOf(request).agentId, endpointId: request.body.endpoint_id })),
  );
};
