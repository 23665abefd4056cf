import { describe, expect, it } from "vitest";
import type { FlightQuery } from "@tarmac/airline-port";
import { ManualClock } from "@tarmac/kernel/testing";
import { openSandboxAirline } from "./sandbox-airline.js";
import { MemoryReservationJournal } from "./store/memory-reservation-journal.js";
import { reservationOf, sandboxAt } from "./test-support.js";

const FAMILY = { adult: 2, child: 0, infant: 1 };
const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: FAMILY };

/** A ticketed reservation of two adults and an infant on one flight, with ADT1's 10 kg bought at booking. */
async function ticketed() {
  const { airline, clock } = sandboxAt("2026-11-22T06:00:00Z", 1_000);
  const offer = (await airline.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
  const request = {
    ...reservationOf("bk_1", offer.key, FAMILY, []),
    extras: [{ paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 }],
  };
  await airline.reserve(request);
  clock.advance(2_000);
  return { airline, clock, offer };
}

describe("extras added to a reservation", () => {
  it("lists what is still sold on the reservation's itinerary, and none once the flight closes", async () => {
    const { airline, clock, offer } = await ticketed();
    const offered = await airline.reservationAncillaries("bk_1");
    expect(offered.segments).toHaveLength(1);
    expect(offered.segments[0]!.options.map((o) => o.code)).toEqual(expect.arrayContaining(["XBAG10", "VGML"]));
    clock.set(new Date(Date.parse(offer.segments[0]!.depTime) - 60_000));
    expect((await airline.reservationAncillaries("bk_1")).segments[0]!.options).toEqual([]);
    await expect(airline.reservationAncillaries("bk_none")).rejects.toMatchObject({ provider: { code: "RESERVATION_NOT_FOUND" } });
  });

  it("adds extras once per reference, counting what each passenger holds, and refuses infants and closed flights", async () => {
    const { airline, clock, offer } = await ticketed();
    const meal = { paxId: "ADT2", segmentIndex: 0, code: "VGML", quantity: 1 };
    const added = await airline.addExtras({ clientReference: "bk_1", addReference: "add_1", extras: [meal] });
    const emd = { ...meal, addReference: "add_1", emdNumber: expect.stringMatching(/^\d{3}8\d{9}$/) as unknown as string };
    expect(added.extras).toEqual([{ paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 }, emd]);
    // The EMD is the validating carrier's: its tickets' accounting code, form 8.
    expect(added.extras![1]!.emdNumber!.slice(0, 3)).toBe(added.tickets[0]!.ticketNumber.slice(0, 3));
    expect(added.changeReferences).toContain("add_1");
    expect(await airline.addExtras({ clientReference: "bk_1", addReference: "add_1", extras: [meal] })).toEqual(added);
    const bag = { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 };
    await expect(airline.addExtras({ clientReference: "bk_1", addReference: "add_2", extras: [bag] })).rejects.toMatchObject({
      code: "PROVIDER_REJECTED",
      provider: { code: "INVALID_SSR_REQUEST" },
    });
    const infant = { paxId: "INF1", segmentIndex: 0, code: "VGML", quantity: 1 };
    await expect(airline.addExtras({ clientReference: "bk_1", addReference: "add_3", extras: [infant] })).rejects.toMatchObject({
      provider: { code: "INVALID_SSR_REQUEST" },
    });
    clock.set(new Date(Date.parse(offer.segments[0]!.depTime) - 60_000));
    await expect(airline.addExtras({ clientReference: "bk_1", addReference: "add_4", extras: [meal] })).rejects.toMatchObject({
      provider: { code: "INVALID_SSR_REQUEST" },
    });
    expect((await airline.findReservation("bk_1"))!.extras).toHaveLength(2);
  });

  it("refuses a coupon already cancelled", async () => {
    const { airline } = await ticketed();
    await airline.cancelCoupons({ clientReference: "bk_1", cancelReference: "cx_1", coupons: [{ paxId: "ADT2", segmentIndex: 0 }] });
    const meal = { paxId: "ADT2", segmentIndex: 0, code: "VGML", quantity: 1 };
    await expect(airline.addExtras({ clientReference: "bk_1", addReference: "add_1", extras: [meal] })).rejects.toMatchObject({
      provider: { code: "INVALID_COUPON" },
    });
  });

  it("issues EMD numbers unique among its tickets and EMDs, kept by its journal across a restart", async () => {
    const journal = new MemoryReservationJournal();
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const first = await openSandboxAirline({ clock, journal, ticketingDelayMs: 1_000 });
    const offer = (await first.searchFlights(BLR_CCU)).find((o) => o.segments.length === 1)!;
    const numbers: string[] = [];
    for (let n = 1; n <= 40; n++) {
      await first.reserve(reservationOf(`bk_${n}`, offer.key, FAMILY, []));
      clock.advance(1_000);
      const meals = ["ADT1", "ADT2"].map((paxId) => ({ paxId, segmentIndex: 0, code: "VGML", quantity: 1 }));
      const added = await first.addExtras({ clientReference: `bk_${n}`, addReference: `add_${n}`, extras: meals });
      numbers.push(...added.tickets.map((t) => t.ticketNumber), ...added.extras!.map((e) => e.emdNumber!));
    }
    expect(numbers).toHaveLength(40 * 5);
    expect(new Set(numbers).size).toBe(numbers.length);
    const before = await first.findReservation("bk_7");
    const second = await openSandboxAirline({ clock: new ManualClock(clock.now()), journal, ticketingDelayMs: 1_000 });
    expect(await second.findReservation("bk_7")).toEqual(before);
  });
});

describe("extras across a change of the reservation", () => {
  it("hold exactly what the change asks for on the new itinerary, checked as reserve checks them", async () => {
    const { airline } = await ticketed();
    await airline.addExtras({
      clientReference: "bk_1",
      addReference: "add_1",
      extras: [{ paxId: "ADT2", segmentIndex: 0, code: "VGML", quantity: 2 }],
    });
    const later = (await airline.searchFlights({ ...BLR_CCU, departureDate: "2026-12-02" })).find((o) => o.segments.length === 1)!;
    const bag = { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 };
    const change = { clientReference: "bk_1", key: later.key, seats: [] };
    // An option the new flight does not sell is refused, and the reservation stays as it was.
    await expect(
      airline.changeReservation({ ...change, changeReference: "chg_0", extras: [{ ...bag, code: "XBAG99" }] }),
    ).rejects.toMatchObject({ provider: { code: "INVALID_SSR_REQUEST" } });
    expect((await airline.findReservation("bk_1"))!.extras).toHaveLength(2);
    const changed = await airline.changeReservation({ ...change, changeReference: "chg_1", extras: [bag] });
    expect(changed.extras).toEqual([bag]);
    // The meals went with the old flight: two more fit on the new one.
    const meals = { paxId: "ADT2", segmentIndex: 0, code: "VGML", quantity: 2 };
    const added = await airline.addExtras({ clientReference: "bk_1", addReference: "add_2", extras: [meals] });
    const mealEmd = added.extras![1]!.emdNumber!;
    expect(added.extras).toEqual([bag, { ...meals, addReference: "add_2", emdNumber: mealEmd }]);
    // An EMD goes along with its item to a new itinerary; one this reservation did not issue is refused.
    const sellsMeals = async (key: string) =>
      (await airline.ancillaries(key)).segments[0]!.options.some((o) => o.code === meals.code && o.maxQuantity >= meals.quantity);
    const direct = (await airline.searchFlights({ ...BLR_CCU, departureDate: "2026-12-03" })).filter((o) => o.segments.length === 1);
    let third = direct[0]!;
    for (const offer of direct) if (await sellsMeals(offer.key)) third = offer;
    expect(await sellsMeals(third.key)).toBe(true);
    const carried = { ...meals, addReference: "add_2", emdNumber: mealEmd };
    const foreign = { ...carried, emdNumber: "0988000000000" };
    await expect(
      airline.changeReservation({ ...change, changeReference: "chg_x", key: third.key, extras: [foreign] }),
    ).rejects.toMatchObject({ provider: { code: "INVALID_SSR_REQUEST" } });
    const moved = await airline.changeReservation({ ...change, changeReference: "chg_2", key: third.key, extras: [carried] });
    expect(moved.extras).toEqual([carried]);
    // A change without extras leaves none.
    const fourth = (await airline.searchFlights({ ...BLR_CCU, departureDate: "2026-12-04" })).find((o) => o.segments.length === 1)!;
    const bare = await airline.changeReservation({ clientReference: "bk_1", changeReference: "chg_3", key: fourth.key, seats: [] });
    expect(bare.extras).toBeUndefined();
  });
});
