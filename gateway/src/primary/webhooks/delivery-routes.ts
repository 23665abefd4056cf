import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import { webhookOperation, webhooksConfig as config } from "./access.js";
import type { WebhookRoutesOptions } from "./endpoint-routes.js";
import { deliveryListResponseSchema, deliveryResponseSchema } from "./responses.js";
import {
  type DeliveriesBody,
  deliveriesRequestSchema,
  type EndpointBody,
  endpointRequestSchema,
  type RedeliverBody,
  redeliverRequestSchema,
} from "./schemas.js";
import { deliveryJson, present } from "./webhook-json.js";

/** POST /webhooks/test, /deliveries and /redeliver: what was sent to an endpoint, and sending again. */
export const deliveryRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, { webhooks }) => {
  const deliveryAnswer = (answer: { delivery?: Parameters<typeof deliveryJson>[0] }) => ({
    delivery: deliveryJson(present(answer.delivery, "a delivery")),
  });

  app.post(
    "/webhooks/test",
    {
      schema: webhookOperation({
        operationId: "sendWebhookTestEvent",
        summary: "Send a test event to an endpoint",
        description: "Queues a `webhook_endpoint.test` event to the endpoint (enabled or not) and answers its delivery, PENDING.",
        body: endpointRequestSchema,
        success: { schema: deliveryResponseSchema, description: "The test event's delivery." },
        errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: EndpointBody }>) =>
      deliveryAnswer(await webhooks.sendTestEvent({ agentId: callerOf(request).agentId, endpointId: request.body.endpoint_id })),
  );

  app.post(
    "/webhooks/deliveries",
    {
      schema: webhookOperation({
        operationId: "listWebhookDeliveries",
        summary: "An endpoint's deliveries, newest first",
        description:
          "The endpoint's deliveries, newest first, each with every attempt (status code, error, the first 1 KB of the " +
          "answer, duration). Pages with `page_size` (1 to 100, default 20) and `cursor` (the previous page's; null on the last).",
        body: deliveriesRequestSchema,
        success: { schema: deliveryListResponseSchema, description: "A page of deliveries." },
        errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: DeliveriesBody }>) => {
      const { endpoint_id, page_size, cursor } = request.body;
      const page = await webhooks.listDeliveries({
        agentId: callerOf(request).agentId,
        endpointId: endpoint_id,
        pageSize: page_size ?? 0,
        cursor: cursor ?? "",
      });
      return {
        deliveries: page.deliveries.map(deliveryJson),
        count: page.deliveries.length,
        cursor: page.nextCursor === "" ? null : page.nextCursor,
      };
    },
  );

  app.post(
    "/webhooks/redeliver",
    {
      schema: webhookOperation({
        operationId: "redeliverWebhookEvent",
        summary: "Deliver an event to an endpoint again",
        description:
          "Queues the event again for the endpoint: a new delivery with the same event id (receivers deduplicate on " +
          "`Tarmac-Event-Id`). 404 `WEBHOOK_EVENT_NOT_FOUND` when the endpoint never had the event.",
        body: redeliverRequestSchema,
        success: { schema: deliveryResponseSchema, description: "The new delivery, PENDING." },
        errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "WEBHOOK_EVENT_NOT_FOUND"],
      }),
      config,
    },
    async (request: FastifyRequest<{ Body: RedeliverBody }>) => {
      const { endpoint_id, event_id } = request.body;
      return deliveryAnswer(
        await webhooks.redeliverEvent({ agentId: callerOf(request).agentId, endpointId: endpoint_id, eventId: event_id }),
      );
    },
  );
};
