import { create } from "@bufbuild/protobuf";
import { fieldError, fromTimestamp, validationFailed, type FieldError } from "@tarmac/kernel";
import {
  BookingStatus as ProtoStatus,
  ListBookingsResponseSchema,
  type ListBookingsRequest,
  type ListBookingsResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { BookingListCursorCodec } from "./booking-list-cursor.js";
import type { BookingStatus } from "../domain/booking.js";
import { toProtoBooking } from "../transport/proto-mapping.js";
import type { BookingListQuery } from "../store/booking-list-query.js";
import type { BookingStore } from "../store/booking-store.js";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
import { BOOKING_STATUSES } from "../domain/state-machine.js";

/**
 * ListBookings: an agent's bookings newest first, a page at a time. The cursor is signed and
 * carries the first page's filters, so a page never mixes two queries; the request's own filters
 * are ignored with it.
 */
export class BookingListing {
  constructor(
    private readonly store: BookingStore,
    private readonly cursors: BookingListCursorCodec,
  ) {}

  async list(request: ListBookingsRequest): Promise<ListBookingsResponse> {
    const query = this.queryOf(request);
    // One more than the page: whether a next page exists without a second query.
    const found = await this.store.list({ ...query, limit: query.limit + 1 });
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      found.length > query.limit && last
        ? this.cursors.encode({ ...query, after: { createdAt: last.createdAt, bookingId: last.bookingId } })
        : "";
    return create(ListBookingsResponseSchema, { bookings: page.map(toProtoBooking), nextCursor });
  }

  private queryOf(request: ListBookingsRequest): BookingListQuery {
    const errors: FieldError[] = [];
    if (request.agentId === "") errors.push(fieldError("agent_id", "REQUIRED", "is required"));
    if (request.pageSize < 0 || request.pageSize > MAX_PAGE_SIZE) {
      errors.push(fieldError("page_size", "OUT_OF_RANGE", `must be between 1 and ${MAX_PAGE_SIZE}`));
    }
    const status = request.status === ProtoStatus.UNSPECIFIED ? undefined : (ProtoStatus[request.status] as BookingStatus | undefined);
    if (request.status !== ProtoStatus.UNSPECIFIED && (status === undefined || !BOOKING_STATUSES.includes(status))) {
      errors.push(fieldError("status", "INVALID_VALUE", `must be one of ${BOOKING_STATUSES.join(", ")}`));
    }
    const createdFrom = fromTimestamp(request.createdFrom);
    const createdTo = fromTimestamp(request.createdTo);
    if (createdFrom && createdTo && createdFrom.getTime() >= createdTo.getTime()) {
      errors.push(fieldError("created_to", "INVALID_VALUE", "must be after created_from"));
    }
    if (errors.length > 0) throw validationFailed(errors);
    const limit = request.pageSize === 0 ? DEFAULT_PAGE_SIZE : request.pageSize;
    if (request.cursor !== "") return { ...this.cursors.decode(request.cursor, request.agentId), limit };
    return { agentId: request.agentId, status, createdFrom, createdTo, limit };
  }
}
