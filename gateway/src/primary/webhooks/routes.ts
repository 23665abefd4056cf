import type { FastifyPluginAsync } from "fastify";
import { deliveryRoutes } from "./delivery-routes.js";
import { endpointChangeRoutes } from "./endpoint-change-routes.js";
import { endpointRoutes, type WebhookRoutesOptions } from "./endpoint-routes.js";

/** POST /webhooks/* (API guide, Webhooks): enterprise agencies' endpoints and deliveries, over the webhooks service. */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  await app.register(endpointRoutes, options);
  await app.register(endpointChangeRoutes, options);
  await app.register(deliveryRoutes, options);
};
