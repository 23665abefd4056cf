import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import { webhookOperation, webhooksConfig as config } from "./access.js";
import type { WebhookRoutesOptions } from "./endpoint-routes.js";
import { deletedResponseSchema, endpointResponseSchema } from "./responses.js";
import { type EndpointBody, endpointRequestSchema, type UpdateBody, updateRequestSchema } from "./schemas.js";
import { endpointJson, present } from "./webhook-json.js";

const NOT_FOUND = ["WEBHOOK_ENDPOINT_NOT_FOUND"] as const;

/** POST /webhooks/get, /update and /delete: one endpoint of the calling agency by `endpoint_id`. */
export const endpointChangeRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, { webhooks }) => {
  const endpointAnswer = (answer: { endpoint?: Parameters<typeof endpointJson>[0] }) => ({
    endpoint: endpointJson(present(answer.endpoint, "an endpoint")),
  });

  app.post(
    "/webhooks/get",
    {
      schema: webhookOperation({
        operationId: "getWebhookEndpoint",
        summary: "One webhook endpoint",
        description:
          "The endpoint by `endpoint_id`, with `disabled_reason` when the platform turned it off (every delivery failed for " +
          "3 days). Another agency's endpoint is answered 404 like one that never existed.",
        body: endpointRequestSchema,
        success: { schema: endpointResponseSchema, description: "The endpoint." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: EndpointBody }>) =>
      endpointAnswer(await webhooks.getEndpoint({ agentId: callerOf(request).agentId, endpointId: request.body.endpoint_id })),
  );

  app.post(
    "/webhooks/update",
    {
      schema: webhookOperation({
        operationId: "updateWebhookEndpoint",
        summary: "Change a webhook endpoint",
        description:
          "Changes only the fields sent: `url` (checked as at registration), `event_types` (replacing the old ones), " +
          "`description`, `enabled` (`true` turns a disabled endpoint back on and clears its `disabled_reason`). The same " +
          "change again answers the same endpoint.",
        body: updateRequestSchema,
        success: { schema: endpointResponseSchema, description: "The endpoint as it is now." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: UpdateBody }>) => {
      const { endpoint_id, url, event_types, description, enabled } = request.body;
      const answer = await webhooks.updateEndpoint({
        agentId: callerOf(request).agentId,
        endpointId: endpoint_id,
        eventTypes: event_types ?? [],
        updateEventTypes: event_types !== undefined,
        ...(url !== undefined && { url }),
        ...(description !== undefined && { description }),
        ...(enabled !== undefined && { enabled }),
      });
      return endpointAnswer(answer);
    },
  );

  app.post(
    "/webhooks/delete",
    {
      schema: webhookOperation({
        operationId: "deleteWebhookEndpoint",
        summary: "Delete a webhook endpoint",
        description: "Deletes the endpoint: nothing more is delivered to it. Deleting it again answers 404.",
        body: endpointRequestSchema,
        success: { schema: deletedResponseSchema, description: "The endpoint is gone." },
        errors: NOT_FOUND,
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: EndpointBody }>) => {
      const endpointId = request.body.endpoint_id;
      await webhooks.deleteEndpoint({ agentId: callerOf(request).agentId, endpointId });
      return { endpoint_id: endpointId, deleted: true };
    },
  );
};
