import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { RefundStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { refundJson } from "./cancellation-json.js";
import { refundListRequestSchema, refundListResponseSchema, type RefundListBody } from "./refund-schemas.js";

export interface RefundsRouteOptions {
  readonly booking: ServiceClients["booking"];
}

/** POST /flight/booking/refunds: the calling agent's refund requests, newest first (scope flight.cancel, like the cancellations that make them). */
export const refundsRoute: FastifyPluginAsync<RefundsRouteOptions> = async (app, { booking }) => {
  app.post(
    "/flight/booking/refunds",
    {
      schema: operation(PRIMARY, {
        operationId: "listRefunds",
        tags: ["booking"],
        summary: "List the agent's refund requests, newest first",
        description:
          "Every confirmed cancellation becomes a refund request: `REQUESTED`, `PROCESSING` while the airline works on it, " +
          "then `REFUNDED` (credited to the wallet, under `wallet_reference`) or `REJECTED` (nothing credited). Newest first " +
          "(by `requested_at`); optional `status`; `page_size` 1 to 100 (default 20). Send the response's `cursor` back for " +
          "the next page (it carries the first page's `status`); `null` on the last page. Scope `flight.cancel`.",
        body: refundListRequestSchema,
        success: { schema: refundListResponseSchema, description: "A page of refunds; `cursor` is null on the last page." },
      }),
      config: { scope: Scope.FLIGHT_CANCEL },
    },
    async (request: FastifyRequest<{ Body: RefundListBody }>) => {
      const { status, page_size, cursor } = request.body;
      const response = await booking.listRefunds({
        agentId: callerOf(request).agentId,
        cursor: cursor ?? "",
        ...(status !== undefined && { status: RefundStatus[status] }),
        ...(page_size !== undefined && { pageSize: page_size }),
      });
      return {
        refunds: response.refunds.map(refundJson),
        count: response.refunds.length,
        cursor: response.nextCursor === "" ? null : response.nextCursor,
      };
    },
  );
};
