import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { DomainError } from "@tarmac/kernel";
import { failureOf } from "@tarmac/kernel/testing";
import { create } from "@bufbuild/protobuf";
import { BookingStatus, ListBookingsRequestSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT, bookingHarness, createRequest, type BookingHarness } from "../testing/booking-harness.js";
import { handlerContext as context } from "../testing/service-calls.js";

/** Seven bookings a minute apart, the last FAILED (the airline refuses it); their ids, oldest first. */
async function sevenBookings(h: BookingHarness): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    if (i === 6) h.airline.refuseWith = new DomainError("PROVIDER_SOLD_OUT", "Sold out");
    await h.service.createBooking(createRequest(), context()).catch(() => undefined);
    ids.push((await h.store.list({ agentId: AGENT, limit: 1 }))[0]!.bookingId);
    h.clock.advance(60_000);
  }
  return ids;
}

describe("ListBookings", () => {
  it("pages through the agent's bookings newest first behind signed cursors that keep the first page's filters", async () => {
    const h = bookingHarness({ balance: 50_000_000 });
    const ids = await sevenBookings(h);
    const list = (request: object) => h.service.listBookings(create(ListBookingsRequestSchema, { agentId: AGENT, ...request }));
    const seen: string[] = [];
    let page = await list({ pageSize: 3 });
    seen.push(...page.bookings.map((b) => b.bookingId));
    while (page.nextCursor !== "") {
      // The filters sent with a cursor are ignored: the cursor carries the first page's.
      page = await list({ pageSize: 3, cursor: page.nextCursor, status: BookingStatus.FAILED });
      seen.push(...page.bookings.map((b) => b.bookingId));
    }
    expect(seen).toEqual([...ids].reverse());
    expect((await list({ status: BookingStatus.FAILED })).bookings.map((b) => b.bookingId)).toEqual([ids[6]]);
    const start = new Date("2026-11-22T06:01:00Z");
    const ranged = await list({ createdFrom: timestampFromDate(start), createdTo: timestampFromDate(new Date(start.getTime() + 120_000)) });
    expect(ranged.bookings.map((b) => b.bookingId)).toEqual([ids[2], ids[1]]);
    expect((await list({ agentId: "agt_two" })).bookings).toEqual([]);
  });

  it("refuses a bad page size, status, range, or a cursor altered or of another agent", async () => {
    const h = bookingHarness({ balance: 50_000_000 });
    await sevenBookings(h);
    const list = (request: object) => h.service.listBookings(create(ListBookingsRequestSchema, { agentId: AGENT, ...request }));
    const { nextCursor } = await list({ pageSize: 2 });
    const fields = async (request: object) => (await failureOf(list(request))).errors.map((e) => e.field);
    expect(await fields({ pageSize: 101 })).toEqual(["page_size"]);
    expect(await fields({ status: 99 })).toEqual(["status"]);
    const at = timestampFromDate(new Date("2026-11-22T06:01:00Z"));
    expect(await fields({ createdFrom: at, createdTo: at })).toEqual(["created_to"]);
    expect(await fields({ cursor: `${nextCursor.slice(0, -2)}AA` })).toEqual(["cursor"]);
    expect(await fields({ agentId: "agt_two", cursor: nextCursor })).toEqual(["cursor"]);
    expect(await fields({ agentId: "" })).toEqual(["agent_id"]);
  });
});
