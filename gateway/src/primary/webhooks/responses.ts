import { array, described, integer, nextPageCursor, object, string } from "../../json-schema.js";
import { deliverySchema, endpointSchema } from "./schemas.js";

/** Response schemas of /webhooks/* (API guide, Webhooks). */

const endpoint = described(endpointSchema, "The endpoint.");
const delivery = described(deliverySchema, "The delivery.");

export const endpointResponseSchema = object({ endpoint });

/** create and rotate-secret: the signing secret, shown this once. */
export const endpointWithSecretResponseSchema = object({
  endpoint,
  secret: string("The signing secret (`whsec_...`), shown this once: deliveries carry `Tarmac-Signature`, its HMAC-SHA256."),
});

export const endpointListResponseSchema = object({ endpoints: array(endpointSchema, "The agency's endpoints, oldest first.") });

export const deletedResponseSchema = object({
  endpoint_id: string("The endpoint deleted."),
  deleted: { type: "boolean", enum: [true], description: "Always true." },
});

export const deliveryResponseSchema = object({ delivery });

export const deliveryListResponseSchema = object({
  deliveries: array(deliverySchema, "This page's deliveries, newest first."),
  count: integer("Deliveries in this page."),
  cursor: nextPageCursor,
});
