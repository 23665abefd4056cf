import { describe, expect, it } from "vitest";
import type { FlightQuery } from "../provider-port.js";
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
    expect(added.extras).toEqual([{ paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 }, meal]);
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
    expect(added.extras).toEqual([bag, meals]);
    // A change without extras leaves none.
    const third = (await airline.searchFlights({ ...BLR_CCU, departureDate: "2026-12-03" })).find((o) => o.segments.length === 1)!;
    const bare = await airline.changeReservation({ clientReference: "bk_1", changeReference: "chg_2", key: third.key, seats: [] });
    expect(bare.extras).toBeUndefined();
  });
});
