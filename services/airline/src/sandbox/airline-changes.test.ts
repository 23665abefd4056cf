import type { AirlineChange, FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { ManualClock } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { AIRLINE_CHANGE_AFTER_MS, RETIME_MINUTES } from "./airline-changes.js";
import { createSandboxAirline, type SandboxAirline } from "./sandbox-airline.js";
import { ONE_ADULT, reservationOf } from "./test-support.js";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };
const TICKETING_MS = 2_000;

function sandbox() {
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  return { clock, airline: createSandboxAirline({ clock, ticketingDelayMs: TICKETING_MS, watchPollMs: 5 }) };
}

async function flight(airline: SandboxAirline, carrierAndNo: string): Promise<ProviderOffer> {
  const offers = await airline.searchFlights(BLR_HYD);
  const offer = offers.find((o) => o.segments.length === 1 && `${o.segments[0]!.carrier}${o.segments[0]!.flightNo}` === carrierAndNo);
  if (!offer) throw new Error(`no offer on ${carrierAndNo}`);
  return offer;
}

async function watched(airline: SandboxAirline, ms: number): Promise<AirlineChange[]> {
  const told: AirlineChange[] = [];
  for await (const change of airline.watchReservationChanges({ signal: AbortSignal.timeout(ms) })) told.push(change);
  return told;
}

describe("the sandbox airline's schedule changes", () => {
  it("retimes 6E 9001, renumbers 6E 9011 and cancels 6E 9021 a fixed time after ticketing, once each", async () => {
    const { airline, clock } = sandbox();
    const retimed = await flight(airline, "6E9001");
    for (const [reference, offer] of [
      ["bk_time", retimed],
      ["bk_number", await flight(airline, "6E9011")],
      ["bk_cancel", await flight(airline, "6E9021")],
    ] as const)
      await airline.reserve(reservationOf(reference, offer.key));
    // An ordinary flight is never changed.
    const ordinary = (await airline.searchFlights(BLR_HYD)).find((o) => o.segments.length === 1 && Number(o.segments[0]!.flightNo) < 8900);
    await airline.reserve(reservationOf("bk_ordinary", ordinary!.key));
    clock.advance(TICKETING_MS + AIRLINE_CHANGE_AFTER_MS - 1);
    expect(await watched(airline, 30)).toEqual([]);

    clock.advance(1);
    const told = await watched(airline, 50);
    const byReference = Object.fromEntries(told.map((c) => [c.clientReference, c]));
    expect(told).toHaveLength(3);
    const occurredAt = new Date(Date.parse("2026-11-22T06:00:00Z") + TICKETING_MS + AIRLINE_CHANGE_AFTER_MS).toISOString();
    const segment = retimed.segments[0]!;
    const later = (time: string) => Date.parse(time) + RETIME_MINUTES * 60_000;
    expect(byReference.bk_time).toMatchObject({ kind: "TIME_CHANGE", segmentIndex: 0, minutes: RETIME_MINUTES, occurredAt });
    const time = byReference.bk_time as Extract<AirlineChange, { kind: "TIME_CHANGE" }>;
    expect(Date.parse(time.depTime)).toBe(later(segment.depTime));
    expect(Date.parse(time.arrTime)).toBe(later(segment.arrTime));
    expect(time.depTime.endsWith("+05:30")).toBe(true);
    expect(byReference.bk_number).toMatchObject({ kind: "FLIGHT_NUMBER_CHANGE", segmentIndex: 0, carrier: "6E", flightNo: "8911" });
    expect(byReference.bk_cancel).toMatchObject({ kind: "FLIGHT_CANCELLED", segmentIndex: 0 });
    // Looked at again, and later: nothing more.
    await airline.findReservation("bk_time");
    clock.advance(AIRLINE_CHANGE_AFTER_MS);
    expect(await watched(airline, 30)).toEqual(told);
  });
});
