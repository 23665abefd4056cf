import { boolean, integer, object, string } from "../search/schemas.js";
import { deliverySchema, endpointSchema } from "./schemas.js";

/** Response schemas of /webhooks/* (API guide, Webhooks). */

export const endpointResponseSchema = object({ endpoint: endpointSchema });

/** create and rotate-secret: the signing secret, shown this once. */
export const endpointWithSecretResponseSchema = object({ endpoint: endpointSchema, secret: string });

export const endpointListResponseSchema = object({ endpoints: { type: "array", items: endpointSchema } });

export const deletedResponseSchema = object({ endpoint_id: string, deleted: boolean });

export const deliveryResponseSchema = object({ delivery: deliverySchema });

export const deliveryListResponseSchema = object({
  deliveries: { type: "array", items: deliverySchema },
  count: integer,
  cursor: { type: ["string", "null"] },
});
