import { describe, expect, it } from "vitest";
import type { FlightQuery, ReservationChange } from "@tarmac/airline-port";
import { freeSeats, ONE_ADULT, reservationOf, sandboxAt } from "./test-support.js";
import { failureOf } from "@tarmac/kernel/testing";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };

/** An airline with a HELD reservation `bk_1` on an ordinary BLR-HYD non-stop, seat taken, and the scenario flights' keys. */
async function reserved() {
  const { airline, clock } = sandboxAt();
  const offers = await airline.searchFlights(BLR_HYD);
  const keyOf = (flightNo: string) => offers.find((o) => o.segments[0]!.flightNo === flightNo)!.key;
  const ordinary = offers.find((o) => o.segments.length === 1 && Number(o.segments[0]!.flightNo) < 9000)!;
  const [seat] = freeSeats((await airline.seatMap(ordinary.key)).segments[0]!);
  const held = await airline.reserve(reservationOf("bk_1", ordinary.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]));
  const seatStillHeld = async () => !freeSeats((await airline.seatMap(ordinary.key)).segments[0]!).includes(seat!);
  return { airline, clock, keyOf, ordinary, held, seatStillHeld };
}

const change = (key: string, changeReference = "chg_1", clientReference = "bk_1"): ReservationChange => ({
  clientReference,
  changeReference,
  key,
  seats: [],
});

describe("changeReservation refusals", () => {
  it("refuses an unknown reservation, and a change reference used for another reservation", async () => {
    const { airline, ordinary } = await reserved();
    const unknown = await failureOf(airline.changeReservation(change(ordinary.key, "chg_x", "bk_never")));
    expect([unknown.code, unknown.provider?.name, unknown.provider?.code]).toEqual([
      "PROVIDER_REJECTED",
      "SANDBOX",
      "RESERVATION_NOT_FOUND",
    ]);
    await airline.changeReservation(change(ordinary.key, "chg_used"));
    await airline.reserve(reservationOf("bk_2", ordinary.key));
    const reused = await failureOf(airline.changeReservation(change(ordinary.key, "chg_used", "bk_2")));
    expect([reused.code, reused.provider?.code]).toEqual(["PROVIDER_REJECTED", "DUPLICATE_CHANGE_REFERENCE"]);
  });

  it("refuses a CANCELLED or TICKETING_FAILED reservation before reading the key", async () => {
    const { airline, clock, keyOf, held } = await reserved();
    await airline.cancelReservation("bk_1");
    const cancelled = await failureOf(airline.changeReservation(change(keyOf("9401"))));
    expect([cancelled.code, cancelled.provider?.code]).toEqual(["PROVIDER_REJECTED", "RESERVATION_NOT_CHANGEABLE"]);
    expect(cancelled.provider?.message).toBe(`Reservation ${held.pnr} is CANCELLED and cannot be changed`);
    await airline.reserve(reservationOf("bk_fail", keyOf("9501")));
    clock.advance(2_000);
    const failed = await failureOf(airline.changeReservation(change(keyOf("9101"), "chg_2", "bk_fail")));
    expect([failed.code, failed.provider?.code]).toEqual(["PROVIDER_REJECTED", "RESERVATION_NOT_CHANGEABLE"]);
    expect(failed.provider?.message).toContain("TICKETING_FAILED");
  });

  it("checks the new key like reserve: unreadable, sold out, provider error; nothing changes and the change may be retried", async () => {
    const { airline, keyOf, held, seatStillHeld } = await reserved();
    const refusals: [string, string, string][] = [
      ["6E512/T", "PROVIDER_REJECTED", "INVALID_OFFER_KEY"],
      [keyOf("9201"), "PROVIDER_SOLD_OUT", "FARE_UNAVAILABLE"],
      [keyOf("9301"), "PROVIDER_UNAVAILABLE", "SYSTEM_ERROR"],
    ];
    for (const [key, code, providerCode] of refusals) {
      const error = await failureOf(airline.changeReservation(change(key)));
      expect([error.code, error.provider?.name, error.provider?.code], key).toEqual([code, "SANDBOX", providerCode]);
      expect(await airline.findReservation("bk_1")).toEqual(held);
      expect(await seatStillHeld()).toBe(true);
    }
    expect(await airline.changeReservation(change(keyOf("9101")))).toEqual({ ...held, changeReferences: ["chg_1"] });
    expect(await seatStillHeld()).toBe(false);
  });

  it("never answers on a timeout flight until the caller's signal aborts, and changes nothing", async () => {
    const { airline, keyOf, held, seatStillHeld } = await reserved();
    const controller = new AbortController();
    const pending = airline.changeReservation(change(keyOf("9401")), { signal: controller.signal });
    const reason = new Error("deadline");
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(await airline.findReservation("bk_1")).toEqual(held);
    expect(await seatStillHeld()).toBe(true);
    await expect(airline.changeReservation(change(keyOf("9101")), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it("moves a HELD reservation onto a ticketing-failure flight, which then fails to ticket", async () => {
    const { airline, clock, keyOf, seatStillHeld } = await reserved();
    expect((await airline.changeReservation(change(keyOf("9501")))).status).toBe("HELD");
    expect(await seatStillHeld()).toBe(false);
    clock.advance(2_000);
    expect(await airline.findReservation("bk_1")).toMatchObject({
      status: "TICKETING_FAILED",
      failureReason: expect.stringContaining("6E9501"),
    });
  });

  it("refuses to reissue a TICKETED reservation onto a ticketing-failure flight: it keeps its tickets and seats", async () => {
    const { airline, clock, keyOf, seatStillHeld } = await reserved();
    clock.advance(2_000);
    const ticketed = (await airline.findReservation("bk_1"))!;
    const error = await failureOf(airline.changeReservation(change(keyOf("9501"))));
    expect([error.code, error.provider?.code]).toEqual(["PROVIDER_REJECTED", "REISSUE_FAILED"]);
    expect(error.provider?.message).toContain("6E9501");
    expect(await airline.findReservation("bk_1")).toEqual(ticketed);
    expect(await seatStillHeld()).toBe(true);
  });
});
