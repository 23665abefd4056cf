import { create } from "@bufbuild/protobuf";
import {
  CancellationType,
  ConfirmCancellationRequestSchema,
  QuoteCancellationRequestSchema,
  ReasonCode,
  TicketStatus,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { adult, AGENT, type BookingHarness } from "../testing/booking-harness.js";
import { confirmAddition, quoteAddition, ticketedBooking, tokenOf } from "../testing/addition-calls.js";

/** Two adults, ticketed, each with a meal added after ticketing. */
async function withMeals() {
  const { h, bookingId } = await ticketedBooking({ pax: { adult: 2, child: 0, infant: 0 } }, [adult(1), adult(2, { firstName: "Meera" })]);
  const q = await quoteAddition(h, bookingId);
  const added = await confirmAddition(
    h,
    bookingId,
    ["ADT1", "ADT2"].map((paxId) => ({ ancillaryToken: tokenOf(q, "VGML", paxId), quantity: 1 })),
    "meals",
  );
  return { h, bookingId, added };
}

async function cancel(h: BookingHarness, bookingId: string, cancellationType: CancellationType, passengerIds: string[]) {
  const fields = { agentId: AGENT, bookingId, reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType, passengerIds };
  await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
  await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: `cx-${cancellationType}` }));
}

async function view(h: BookingHarness, bookingId: string) {
  return (await h.service.getBooking({ agentId: AGENT, bookingId } as never)).booking!;
}

const statuses = (extras: readonly { paxId: string; status: TicketStatus }[]) => extras.map((e) => [e.paxId, e.status]);

describe("a booking's extras' status", () => {
  it("is OPEN when added, CANCELLED for the passenger a partial cancellation cancels, like that passenger's ticket; what was bought stays", async () => {
    const { h, bookingId, added } = await withMeals();
    expect(added.items.map((i) => i.status)).toEqual([TicketStatus.OPEN, TicketStatus.OPEN]);
    const before = await view(h, bookingId);
    expect(statuses(before.extras)).toEqual([
      ["ADT1", TicketStatus.OPEN],
      ["ADT2", TicketStatus.OPEN],
    ]);

    await cancel(h, bookingId, CancellationType.VOLUNTARY, ["ADT2"]);
    const after = await view(h, bookingId);
    expect(statuses(after.extras)).toEqual([
      ["ADT1", TicketStatus.OPEN],
      ["ADT2", TicketStatus.CANCELLED],
    ]);
    for (const ticket of after.ticketNumbers) expect(after.extras.find((e) => e.paxId === ticket.paxId)?.status).toBe(ticket.status);
    expect(after.extrasPaise).toBe(before.extrasPaise);
  });

  it("is VOIDED for every extra after a void, like the tickets", async () => {
    const { h, bookingId } = await withMeals();
    await cancel(h, bookingId, CancellationType.VOID, []);
    const voided = await view(h, bookingId);
    expect(statuses(voided.extras)).toEqual([
      ["ADT1", TicketStatus.VOIDED],
      ["ADT2", TicketStatus.VOIDED],
    ]);
    expect(voided.ticketNumbers.map((t) => t.status)).toEqual(voided.ticketNumbers.map(() => TicketStatus.VOIDED));
  });
});
