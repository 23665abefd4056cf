import type { Filter, IndexDescription, Sort } from "mongodb";
import type { BookingListQuery } from "./booking-list-query.js";
import type { BookingDocument } from "./mongo-booking-documents.js";

/**
 * The indexes behind an agent's lookups: its list, newest first, with and without a status
 * (keyset pagination on (createdAt, _id), so no page sorts in memory), and its keyed confirms.
 * The confirms' index is partial (only bookings that hold one); its query repeats the $type filter.
 */
export const AGENT_INDEXES: IndexDescription[] = [
  { key: { agentId: 1, createdAt: -1, _id: -1 }, name: "agentId_createdAt_id" },
  { key: { agentId: 1, status: 1, createdAt: -1, _id: -1 }, name: "agentId_status_createdAt_id" },
  {
    key: { agentId: 1, "confirmations.idempotencyKey": 1 },
    name: "agentId_confirmationKey",
    partialFilterExpression: { "confirmations.idempotencyKey": { $type: "string" } },
  },
  {
    key: { agentId: 1, "pendingReschedule.idempotencyKey": 1 },
    name: "agentId_pendingRescheduleKey",
    partialFilterExpression: { "pendingReschedule.idempotencyKey": { $type: "string" } },
  },
  {
    key: { agentId: 1, "hold.ticketing.idempotencyKey": 1 },
    name: "agentId_holdTicketingKey",
    partialFilterExpression: { "hold.ticketing.idempotencyKey": { $type: "string" } },
  },
  {
    key: { agentId: 1, "pendingCancellation.idempotencyKey": 1 },
    name: "agentId_pendingCancellationKey",
    partialFilterExpression: { "pendingCancellation.idempotencyKey": { $type: "string" } },
  },
  {
    key: { agentId: 1, "pendingAddition.idempotencyKey": 1 },
    name: "agentId_pendingAdditionKey",
    partialFilterExpression: { "pendingAddition.idempotencyKey": { $type: "string" } },
  },
  // ListRefunds: only bookings that have refunds, by agent; the page is sorted after $unwind.
  {
    key: { agentId: 1, "refunds.requestedAt": -1 },
    name: "agentId_refundsRequestedAt",
    partialFilterExpression: { "refunds.0": { $exists: true } },
  },
];

/** Replaced by agentId_createdAt_id (the list's tie-break on _id needs it in the index). */
export const OBSOLETE_AGENT_INDEXES = ["agentId_createdAt"];

export const NEWEST_FIRST: Sort = { createdAt: -1, _id: -1 };

/** BookingStore.list's filter: the agent, its status and range, and what comes after the cursor's position. */
export function listFilter(query: BookingListQuery): Filter<BookingDocument> {
  const createdAt: { $gte?: Date; $lt?: Date } = {};
  if (query.createdFrom) createdAt.$gte = query.createdFrom;
  if (query.createdTo) createdAt.$lt = query.createdTo;
  const filter: Filter<BookingDocument> = {
    agentId: query.agentId,
    ...(query.status !== undefined && { status: query.status }),
    ...(Object.keys(createdAt).length > 0 && { createdAt }),
  };
  if (!query.after) return filter;
  // Keyset: strictly after (at, id) newest first. The $lte bounds the index scan on createdAt; the
  // $or only tells the bookings created at `at` itself apart by _id.
  const { createdAt: at, bookingId } = query.after;
  return { ...filter, createdAt: { ...createdAt, $lte: at }, $or: [{ createdAt: { $lt: at } }, { _id: { $lt: bookingId } }] };
}

/** The booking holding a confirm under the agent's key; each branch repeats its partial index's $type filter. */
export function confirmationKeyFilter(agentId: string, idempotencyKey: string): Filter<BookingDocument>[] {
  return [
    { agentId, "confirmations.idempotencyKey": { $eq: idempotencyKey, $type: "string" } },
    { agentId, "pendingReschedule.idempotencyKey": { $eq: idempotencyKey, $type: "string" } },
    { agentId, "hold.ticketing.idempotencyKey": { $eq: idempotencyKey, $type: "string" } },
    { agentId, "pendingCancellation.idempotencyKey": { $eq: idempotencyKey, $type: "string" } },
    { agentId, "pendingAddition.idempotencyKey": { $eq: idempotencyKey, $type: "string" } },
  ];
}
