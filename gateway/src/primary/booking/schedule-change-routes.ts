import { paiseFromProto } from "@tarmac/kernel";
import { Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { ScheduleChangeStatus } from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { callerOf } from "../../auth/caller-of.js";
import type { ServiceClients } from "../../clients.js";
import { requiredIdempotencyKey } from "../../idempotency/idempotency.js";
import { operation, PRIMARY } from "../../openapi/operation.js";
import { requireScheduleChange, scheduleChangeJson } from "./schedule-change-json.js";
import {
  scheduleChangeCancelResponseSchema,
  scheduleChangeListRequestSchema,
  scheduleChangeListResponseSchema,
  scheduleChangeRebookRequestSchema,
  scheduleChangeRequestSchema,
  scheduleChangeSchema,
  type ScheduleChangeBody,
  type ScheduleChangeListBody,
  type ScheduleChangeRebookBody,
} from "./schedule-change-schemas.js";

export interface ScheduleChangeRoutesOptions {
  readonly booking: ServiceClients["booking"];
}

const NOT_FOUND = "A schedule change of another agency, or none, is 404 BOOKING_NOT_FOUND.";

/**
 * The airline's changes to booked trips (API guide, Schedule changes): list, get, acknowledge,
 * accept and cancel, scope flight.book like the bookings they change; every agency, whatever its tier.
 */
export const scheduleChangeRoutes: FastifyPluginAsync<ScheduleChangeRoutesOptions> = async (app, { booking }) => {
  app.post(
    "/flight/schedule-changes/list",
    {
      schema: operation(PRIMARY, {
        operationId: "listScheduleChanges",
        tags: ["booking"],
        summary: "List the airline's changes to the agent's bookings, newest first",
        description:
          "Every time change, flight number change, routing change and cancelled flight the airline made to a booking of the " +
          "agent, newest first; optionally one booking's (`booking_id`) or only some `statuses` (`DETECTED` and `ACKNOWLEDGED` " +
          "are the open ones). Scope `flight.book`.",
        body: scheduleChangeListRequestSchema,
        success: { schema: scheduleChangeListResponseSchema, description: "The changes, newest first." },
      }),
      config: { scope: Scope.FLIGHT_BOOK },
    },
    async (request: FastifyRequest<{ Body: ScheduleChangeListBody }>) => {
      const { booking_id, statuses, page_size } = request.body;
      const response = await booking.listScheduleChanges({
        agentId: callerOf(request).agentId,
        bookingId: booking_id ?? "",
        statuses: (statuses ?? []).map((s) => ScheduleChangeStatus[s]),
        ...(page_size !== undefined && { pageSize: page_size }),
      });
      return { schedule_changes: response.scheduleChanges.map(scheduleChangeJson), count: response.scheduleChanges.length };
    },
  );

  const one = (path: string, operationId: string, summary: string, description: string, call: "get" | "acknowledge" | "accept") =>
    app.post(
      path,
      {
        schema: operation(PRIMARY, {
          operationId,
          tags: ["booking"],
          summary,
          description: `${description} ${NOT_FOUND} Scope \`flight.book\`.`,
          body: scheduleChangeRequestSchema,
          success: { schema: scheduleChangeSchema, description: "The schedule change as it stands." },
          ...(call === "accept" && { idempotencyKey: "required" as const }),
          errors: call === "accept" ? ["BOOKING_NOT_FOUND", "BOOKING_INVALID_STATE"] : ["BOOKING_NOT_FOUND"],
        }),
        config: { scope: Scope.FLIGHT_BOOK, ...(call === "accept" && { idempotency: "schedule_change.accept" }) },
      },
      async (request: FastifyRequest<{ Body: ScheduleChangeBody }>) => {
        const ids = { agentId: callerOf(request).agentId, scheduleChangeId: request.body.schedule_change_id };
        const response =
          call === "get"
            ? await booking.getScheduleChange(ids)
            : call === "acknowledge"
              ? await booking.acknowledgeScheduleChange(ids)
              : await booking.acceptScheduleChange(ids);
        return scheduleChangeJson(requireScheduleChange(response.scheduleChange));
      },
    );

  one("/flight/schedule-changes/get", "getScheduleChange", "Read one schedule change", "The change by `schedule_change_id`.", "get");
  one(
    "/flight/schedule-changes/acknowledge",
    "acknowledgeScheduleChange",
    "Acknowledge a schedule change",
    "`DETECTED` becomes `ACKNOWLEDGED`: the agency has seen it (the deadline stands); any other status answers as it is.",
    "acknowledge",
  );
  one(
    "/flight/schedule-changes/accept",
    "acceptScheduleChange",
    "Accept a schedule change: the booking takes the airline's new itinerary",
    "An open change (`actions` has `ACCEPT`) is `ACCEPTED`: the booking's segments become the airline's, nothing is debited, " +
      "and `schedule_change.accepted` and `schedule_change.resolved` are published. An accepted one answers as it is; a " +
      "cancelled flight (only `CANCEL`), a change resolved otherwise or a booking that has ended is 409 BOOKING_INVALID_STATE.",
    "accept",
  );

  app.post(
    "/flight/schedule-changes/cancel",
    {
      schema: operation(PRIMARY, {
        operationId: "cancelScheduleChange",
        tags: ["booking"],
        summary: "Cancel the booking over a schedule change, refunded in full",
        description:
          "Cancels the whole booking as the airline's doing: `INVOLUNTARY` with reason `SCHEDULE_CHANGE` (`FLIGHT_CANCELLED` for " +
          "a cancelled flight), everything the booking paid refunded, no airline penalty or platform fee; the change is " +
          `\`CANCELLED\` and \`schedule_change.resolved\` is published. A cancelled one answers as it is. ${NOT_FOUND} ` +
          "Scope `flight.cancel`.",
        body: scheduleChangeRequestSchema,
        success: { schema: scheduleChangeCancelResponseSchema, description: "The change, CANCELLED, with the refund it made." },
        idempotencyKey: "required",
        errors: ["BOOKING_NOT_FOUND", "BOOKING_INVALID_STATE", "PROVIDER_UNAVAILABLE", "PROVIDER_TIMEOUT"],
      }),
      config: { scope: Scope.FLIGHT_CANCEL, idempotency: "schedule_change.cancel" },
    },
    async (request: FastifyRequest<{ Body: ScheduleChangeBody }>) => {
      const response = await booking.cancelScheduleChange({
        agentId: callerOf(request).agentId,
        scheduleChangeId: request.body.schedule_change_id,
        idempotencyKey: requiredIdempotencyKey(request),
      });
      return {
        schedule_change: scheduleChangeJson(requireScheduleChange(response.scheduleChange)),
        refund_id: response.refundId === "" ? null : response.refundId,
        refund_amount_paise: paiseFromProto(response.refundAmountPaise),
      };
    },
  );

  app.post(
    "/flight/schedule-changes/rebook",
    {
      schema: operation(PRIMARY, {
        operationId: "rebookScheduleChange",
        tags: ["booking"],
        summary: "Rebook onto another flight over a schedule change, fees waived",
        description:
          "Moves the booking onto `new_offer_id` (on its route, from a search made after the booking) as a reschedule whose " +
          "fare difference, airline change fee and platform fee are waived: nothing is debited (seats, baggage and meals the " +
          "new flights do not carry are credited back, as in any reschedule). The change is `REBOOKED` and " +
          `\`schedule_change.resolved\` is published. A rebooked one answers as it is. ${NOT_FOUND} Scope \`flight.reschedule\`.`,
        body: scheduleChangeRebookRequestSchema,
        success: { schema: scheduleChangeSchema, description: "The change, REBOOKED." },
        idempotencyKey: "required",
        errors: [
          "BOOKING_NOT_FOUND",
          "BOOKING_INVALID_STATE",
          "PROVIDER_SOLD_OUT",
          "PROVIDER_REJECTED",
          "PROVIDER_UNAVAILABLE",
          "PROVIDER_TIMEOUT",
        ],
      }),
      config: { scope: Scope.FLIGHT_RESCHEDULE, idempotency: "schedule_change.rebook" },
    },
    async (request: FastifyRequest<{ Body: ScheduleChangeRebookBody }>) => {
      const response = await booking.rebookScheduleChange({
        agentId: callerOf(request).agentId,
        scheduleChangeId: request.body.schedule_change_id,
        newOfferId: request.body.new_offer_id,
        idempotencyKey: requiredIdempotencyKey(request),
      });
      return scheduleChangeJson(requireScheduleChange(response.scheduleChange));
    },
  );
};
