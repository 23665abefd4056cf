import { toTimestamp } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingStatus } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { bookingJson } from "./booking-json.js";
import { bookingListRequestSchema, bookingListResponseSchema, type BookingListBody } from "./list-schemas.js";

export interface BookingListRouteOptions {
  readonly booking: ServiceClients["booking"];
}

/** POST /flight/booking/list: the calling agent's bookings, newest first, a page at a time (scope flight.book, like status). */
export const bookingListRoute: FastifyPluginAsync<BookingListRouteOptions> = async (app, { booking }) => {
  app.post(
    "/flight/booking/list",
    {
      schema: operation(PRIMARY, {
        operationId: "listBookings",
        tags: ["booking"],
        summary: "List the agent's bookings, newest first",
        description:
          "The calling agent's bookings, newest first (by `created_at`), each as `/flight/booking/status` answers it. Optional " +
          "`status`, and `created_from` (inclusive) and `created_to` (exclusive). `page_size` 1 to 100 (default 20). Send the " +
          "response's `cursor` back for the next page; it carries the first page's filters (those sent with it are ignored) " +
          "and is `null` on the last page. Scope `flight.book`.",
        body: bookingListRequestSchema,
        success: {
          schema: bookingListResponseSchema,
          description: "A page of bookings; `cursor` is null on the last page.",
        },
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: BookingListBody }>) => {
      const { status, created_from, created_to, page_size, cursor } = request.body;
      const response = await booking.listBookings({
        agentId: callerOf(request).agentId,
        cursor: cursor ?? "",
        ...(status !== undefined && { status: BookingStatus[status] }),
        ...(created_from !== undefined && { createdFrom: toTimestamp(new Date(created_from)) }),
        ...(created_to !== undefined && { createdTo: toTimestamp(new Date(created_to)) }),
        ...(page_size !== undefined && { pageSize: page_size }),
      });
      return {
        bookings: response.bookings.map(bookingJson),
        count: response.bookings.length,
        cursor: response.nextCursor === "" ? null : response.nextCursor,
      };
    },
  );
};
