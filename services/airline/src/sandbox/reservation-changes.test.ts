import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import type { AirlineChange, FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { createSandboxAirline, type SandboxAirline } from "./sandbox-airline.js";
import { ONE_ADULT, reservationOf } from "./test-support.js";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };
const MINUTE = 60_000;

function sandbox() {
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  return { clock, airline: createSandboxAirline({ clock, ticketingDelayMs: 2_000, watchPollMs: 5 }) };
}

async function flight(airline: SandboxAirline, carrierAndNo: string): Promise<ProviderOffer> {
  const offers = await airline.searchFlights(BLR_HYD);
  const offer = offers.find((o) => o.segments.length === 1 && `${o.segments[0]!.carrier}${o.segments[0]!.flightNo}` === carrierAndNo);
  if (!offer) throw new Error(`no offer on ${carrierAndNo}`);
  return offer;
}

/** Everything a watcher is told within `ms` of real time (the watch then ends). */
async function watched(airline: SandboxAirline, ms: number, after?: string): Promise<AirlineChange[]> {
  const told: AirlineChange[] = [];
  const signal = AbortSignal.timeout(ms);
  for await (const change of airline.watchReservationChanges({ signal, ...(after !== undefined && { after }) })) told.push(change);
  return told;
}

describe("the sandbox's reservation changes", () => {
  it("tells a watcher once that it dropped a hold, without anyone looking at the reservation", async () => {
    const { airline, clock } = sandbox();
    const dropped = await airline.reserve({ ...reservationOf("bk_drop", (await flight(airline, "AI9701")).key), hold: true });
    const kept = await flight(airline, "AI9601");
    await airline.reserve({ ...reservationOf("bk_keep", kept.key), hold: true });
    // The caller's own cancel is not the airline's change: nothing is told.
    await airline.reserve({ ...reservationOf("bk_mine", kept.key), hold: true });
    await airline.cancelReservation("bk_mine");
    expect(await watched(airline, 30)).toEqual([]);

    clock.advance(31 * MINUTE);
    const told = await watched(airline, 50);
    expect(told).toEqual([
      {
        kind: "HOLD_DROPPED",
        id: expect.any(String),
        clientReference: "bk_drop",
        pnr: dropped.pnr,
        occurredAt: "2026-11-22T06:30:00.000Z",
        reason: expect.stringContaining("dropped"),
      },
    ]);
    // Looking at it again tells nothing more; the watch resumed after the change has nothing new.
    expect((await airline.findReservation("bk_drop"))?.status).toBe("CANCELLED");
    expect(await watched(airline, 30)).toEqual(told);
    expect(await watched(airline, 30, told[0]!.id)).toEqual([]);
    expect((await airline.findReservation("bk_keep"))?.status).toBe("HELD");
  });

  it("wakes a waiting watcher when the clock passes a hold's end, and tells a failed ticketing as a dropped reservation", async () => {
    const { airline, clock } = sandbox();
    await airline.reserve({ ...reservationOf("bk_limit", (await flight(airline, "AI9601")).key), hold: true });
    const failing = await airline.reserve(reservationOf("bk_fail", (await flight(airline, "6E9501")).key));
    const watch = watched(airline, 200);
    clock.advance(72 * 60 * MINUTE);
    const told = await watch;
    const byKind = Object.fromEntries(told.map((c) => [c.kind, c]));
    expect(told).toHaveLength(2);
    expect(byKind.RESERVATION_DROPPED).toMatchObject({
      clientReference: "bk_fail",
      pnr: failing.pnr,
      occurredAt: "2026-11-22T06:00:02.000Z",
      reason: expect.stringContaining("6E9501"),
    });
    expect(byKind.HOLD_DROPPED).toMatchObject({ clientReference: "bk_limit", reason: expect.stringContaining("ticket time limit") });
    // Ids follow the order told, so a watcher resumes after the last one it handled.
    expect(told[0]!.id < told[1]!.id).toBe(true);
  });
});
