import { fieldError, validationFailed, type Signer } from "@tarmac/kernel";
import type { DeliveryPosition } from "./store/webhook-store.js";

/** ListDeliveries cursors: kernel-signed (purpose "webhook-deliveries"), bound to the agency and the endpoint. */
export interface DeliveryCursorCodec {
  encode(agentId: string, endpointId: string, after: DeliveryPosition): string;
  /** The position, or VALIDATION_FAILED on `cursor` (malformed, altered, another agency's or endpoint's). */
  decode(token: string, agentId: string, endpointId: string): DeliveryPosition;
}

export function createDeliveryCursorCodec(signer: Signer): DeliveryCursorCodec {
  return {
    encode: (agentId, endpointId, after) => signer.sign({ a: agentId, e: endpointId, t: after.createdAt.getTime(), i: after.id }),
    decode(token, agentId, endpointId) {
      const p = signer.verify(token) as { a?: unknown; e?: unknown; t?: unknown; i?: unknown } | undefined;
      if (p?.a !== agentId || p.e !== endpointId || typeof p.t !== "number" || typeof p.i !== "string") {
        throw validationFailed([
          fieldError("cursor", "INVALID_VALUE", "is not a cursor of this endpoint's deliveries; request the first page again"),
        ]);
      }
      return { createdAt: new Date(p.t), id: p.i };
    },
  };
}
