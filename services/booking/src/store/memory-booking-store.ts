import { deepCopy, defined } from "@tarmac/kernel";
import type { MemoryOutbox, OutboxEvent } from "@tarmac/events";
import type { Booking, BookingStatus } from "../domain/booking.js";
import type { AgencyDirectory } from "./agency-directory.js";
import { compareNewestFirst, matchesQuery, type BookingListQuery } from "./booking-list-query.js";
import {
  compareRefundsNewestFirst,
  matchesRefundQuery,
  type ListedRefund,
  type RefundListQuery,
  sweepInstantOf,
  type BookingStore,
  type ClaimedBooking,
  type ClaimOptions,
  type CreateResult,
  type DueField,
} from "./booking-store.js";

/**
 * In-process bookings for development and tests. Every method does its checks and writes without
 * awaiting in between, so each is atomic on the event loop, outbox append included.
 */
export class MemoryBookingStore implements BookingStore, AgencyDirectory {
  private readonly byId = new Map<string, Booking>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Agent and PNR -> the ids of the agent's bookings with that PNR. */
  private readonly byPnr = new Map<string, Set<string>>();
  /** Bookings a sweep claimed since they last changed: when they are due again, and how often claimed. */
  private readonly claims = new Map<string, { readonly dueAt: number; readonly attempts: number }>();

  constructor(private readonly outbox: MemoryOutbox) {}

  async create(booking: Booking, events: readonly OutboxEvent[]): Promise<CreateResult> {
    const key = `${booking.agentId}\u0000${booking.idempotencyKey}`;
    const existingId = this.byIdempotencyKey.get(key);
    if (existingId !== undefined) return { created: false, existing: defined(this.byId.get(existingId), "booking") };
    if (this.byId.has(booking.bookingId)) throw new Error(`booking ${booking.bookingId} already exists`);
    // The outbox validates before it records, so a refused append leaves the booking unwritten too.
    this.outbox.append(events);
    this.byId.set(booking.bookingId, deepCopy(booking));
    this.byIdempotencyKey.set(key, booking.bookingId);
    this.indexPnr(booking);
    return { created: true };
  }

  async get(bookingId: string): Promise<Booking | undefined> {
    const booking = this.byId.get(bookingId);
    return booking && deepCopy(booking);
  }

  async findByIdempotencyKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined> {
    const id = this.byIdempotencyKey.get(`${agentId}\u0000${idempotencyKey}`);
    return id === undefined ? undefined : this.get(id);
  }

  async findByConfirmationKey(agentId: string, idempotencyKey: string): Promise<Booking | undefined> {
    const holds = (b: Booking) =>
      b.agentId === agentId &&
      (b.confirmations?.some((c) => c.idempotencyKey === idempotencyKey) === true ||
        b.pendingReschedule?.idempotencyKey === idempotencyKey ||
        b.pendingCancellation?.idempotencyKey === idempotencyKey ||
        b.pendingAddition?.idempotencyKey === idempotencyKey ||
        b.hold?.ticketing?.idempotencyKey === idempotencyKey);
    const found = [...this.byId.values()].find(holds);
    return found && deepCopy(found);
  }

  async list(query: BookingListQuery): Promise<Booking[]> {
    return [...this.byId.values()]
      .filter((b) => matchesQuery(b, query))
      .sort(compareNewestFirst)
      .slice(0, query.limit)
      .map((b) => deepCopy(b));
  }

  async agentIds(): Promise<string[]> {
    return [...new Set([...this.byId.values()].map((b) => b.agentId))].sort();
  }

  async findByPnr(agentId: string, pnr: string): Promise<Booking | undefined> {
    const bookings = [...(this.byPnr.get(pnrKey(agentId, pnr)) ?? [])].map((id) => defined(this.byId.get(id), "booking"));
    const newest = bookings.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.bookingId < b.bookingId ? 1 : -1))[0];
    return newest && deepCopy(newest);
  }

  async update(booking: Booking, events: readonly OutboxEvent[]): Promise<boolean> {
    const current = this.byId.get(booking.bookingId);
    if (current?.version !== booking.version - 1) return false;
    this.outbox.append(events);
    this.byId.set(booking.bookingId, deepCopy(booking));
    this.claims.delete(booking.bookingId);
    this.indexPnr(booking);
    return true;
  }

  async listByStatus(status: BookingStatus, before: Date, limit: number, by: DueField = "updatedAt"): Promise<Booking[]> {
    return [...this.byId.values()]
      .filter((b) => b.status === status && b[by].getTime() < before.getTime())
      .sort((a, b) => a[by].getTime() - b[by].getTime() || (a.bookingId < b.bookingId ? -1 : 1))
      .slice(0, limit)
      .map((b) => deepCopy(b));
  }

  async claimDue(status: BookingStatus, before: Date, limit: number, { now, retryAfterMs }: ClaimOptions): Promise<ClaimedBooking[]> {
    const dueAt = (b: Booking) => this.claims.get(b.bookingId)?.dueAt ?? sweepInstantOf(b).getTime();
    const due = [...this.byId.values()]
      .filter((b) => b.status === status && dueAt(b) < before.getTime())
      .sort((a, b) => dueAt(a) - dueAt(b) || (a.bookingId < b.bookingId ? -1 : 1))
      .slice(0, limit);
    return due.map((booking) => {
      const attempts = (this.claims.get(booking.bookingId)?.attempts ?? 0) + 1;
      this.claims.set(booking.bookingId, { dueAt: now.getTime() + retryAfterMs(attempts), attempts });
      return { booking: deepCopy(booking), attempts };
    });
  }

  async listRefunds(query: RefundListQuery): Promise<ListedRefund[]> {
    return [...this.byId.values()]
      .filter((b) => b.agentId === query.agentId)
      .flatMap((b) => (b.refunds ?? []).map((refund) => ({ refund, bookingId: b.bookingId, pnr: b.pnr, currency: b.currency })))
      .filter((listed) => matchesRefundQuery(listed.refund, query))
      .sort(compareRefundsNewestFirst)
      .slice(0, query.limit)
      .map((listed) => deepCopy(listed));
  }

  private indexPnr(booking: Booking): void {
    if (booking.pnr === undefined) return;
    const key = pnrKey(booking.agentId, booking.pnr);
    this.byPnr.set(key, (this.byPnr.get(key) ?? new Set()).add(booking.bookingId));
  }
}

const pnrKey = (agentId: string, pnr: string) => `${agentId}\u0000${pnr}`;
