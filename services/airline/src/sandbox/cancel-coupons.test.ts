import { describe, expect, it } from "vitest";
import type { FlightQuery } from "@tarmac/airline-port";
import { REFUND_DELAY_MS } from "./refunds.js";
import { freeSeats, reservationOf, sandboxAt } from "./test-support.js";

const FAMILY = { adult: 2, child: 0, infant: 1 };
const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: FAMILY };

describe("cancelCoupons", () => {
  it("cancels one passenger: their seat is free again, their tickets withdrawn, the rest stays; every coupon gone cancels the PNR", async () => {
    const { airline, clock } = sandboxAt("2026-11-22T06:00:00Z", 1_000);
    const offer = (await airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
    const [a, b] = freeSeats((await airline.seatMap(offer.key)).segments[0]!);
    const seats = [
      { paxId: "ADT1", segmentIndex: 0, seat: a! },
      { paxId: "ADT2", segmentIndex: 0, seat: b! },
    ];
    await airline.reserve(reservationOf("bk_1", offer.key, FAMILY, seats));
    clock.advance(2_000);
    expect((await airline.findReservation("bk_1"))!.tickets).toHaveLength(3);
    const after = await airline.cancelCoupons({
      clientReference: "bk_1",
      cancelReference: "cx_1",
      coupons: [{ paxId: "ADT2", segmentIndex: 0 }],
    });
    expect(after.status).toBe("TICKETED");
    expect(after.cancelledCoupons).toEqual([{ paxId: "ADT2", segmentIndex: 0 }]);
    expect(after.tickets.map((t) => t.paxId).sort()).toEqual(["ADT1", "INF1"]);
    const free = freeSeats((await airline.seatMap(offer.key)).segments[0]!);
    expect([free.includes(a!), free.includes(b!)]).toEqual([false, true]);
    // A retry under the same reference changes nothing; an unknown passenger is refused.
    expect(
      await airline.cancelCoupons({ clientReference: "bk_1", cancelReference: "cx_1", coupons: [{ paxId: "ADT1", segmentIndex: 0 }] }),
    ).toEqual(after);
    await expect(
      airline.cancelCoupons({ clientReference: "bk_1", cancelReference: "cx_2", coupons: [{ paxId: "ADT9", segmentIndex: 0 }] }),
    ).rejects.toMatchObject({ code: "PROVIDER_REJECTED", provider: { code: "INVALID_COUPON" } });
    const rest = await airline.cancelCoupons({
      clientReference: "bk_1",
      cancelReference: "cx_3",
      coupons: [
        { paxId: "ADT1", segmentIndex: 0 },
        { paxId: "INF1", segmentIndex: 0 },
      ],
    });
    expect(rest.status).toBe("CANCELLED");
    expect(rest.tickets).toEqual([]);
    expect(freeSeats((await airline.seatMap(offer.key)).segments[0]!)).toContain(a);
  });
});

describe("requestRefund", () => {
  const scenarioQuery: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: { adult: 1, child: 0, infant: 0 } };

  it("refunds at once, after a delay on the refund-delay flights, and rejects on the refund-rejected ones; asking again answers the same", async () => {
    const { airline, clock } = sandboxAt();
    const offers = await airline.searchFlights(scenarioQuery);
    const on = (flightNo: string) => offers.find((o) => o.segments.length === 1 && o.segments[0]!.flightNo === flightNo)!;
    const ordinary = offers.find((o) => o.segments.every((s) => Number(s.flightNo) < 8900))!;
    for (const [reference, offer] of [
      ["bk_plain", ordinary],
      ["bk_delay", on("9801")],
      ["bk_reject", on("9901")],
    ] as const)
      await airline.reserve(reservationOf(reference, offer.key, scenarioQuery.pax, []));
    const ask = (clientReference: string) =>
      airline.requestRefund({ clientReference, refundReference: `rf_${clientReference}`, amountPaise: 100 });
    expect((await ask("bk_plain")).status).toBe("REFUNDED");
    expect((await ask("bk_delay")).status).toBe("PROCESSING");
    expect(await ask("bk_reject")).toMatchObject({ status: "REJECTED", reason: expect.stringContaining("refund") });
    clock.advance(REFUND_DELAY_MS);
    expect((await ask("bk_delay")).status).toBe("REFUNDED");
    expect((await ask("bk_reject")).status).toBe("REJECTED");
    await expect(ask("bk_unknown")).rejects.toMatchObject({ code: "PROVIDER_REJECTED" });
  });
});
