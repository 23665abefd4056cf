import { createClient, createRouterTransport } from "@connectrpc/connect";
import { errorInterceptor, rejectWithDomainErrors } from "@tarmac/kernel";
import { failureOf, silentLogger } from "@tarmac/kernel/testing";
import { AirlineService } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { describe, expect, it } from "vitest";
import { type AirlineChange, type AirlineProvider, type FlightQuery, AirlineServiceImpl, remoteAirline } from "@tarmac/airline-port";
import { airlineRoutes } from "../routes.js";
import { freeSeats, ONE_ADULT, reservationOf, sandboxAt } from "../sandbox/test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", returnDate: "2026-12-05", pax: ONE_ADULT };

/** The sandbox behind the contract, and the provider port a service sees over it. */
function overTheWire() {
  const { airline, clock } = sandboxAt();
  const transport = createRouterTransport(airlineRoutes(new AirlineServiceImpl(airline)), {
    router: { interceptors: [errorInterceptor(silentLogger())] },
  });
  const remote: AirlineProvider = remoteAirline(rejectWithDomainErrors(createClient(AirlineService, transport)), airline.name);
  return { airline, remote, clock };
}

describe("the airline over tarmac.airline.v1", () => {
  it("answers searches, live prices and seat maps exactly as the airline itself", async () => {
    const { airline, remote } = overTheWire();
    const offers = await remote.searchFlights({ ...BLR_CCU, cabin: "BUSINESS" });
    expect(offers.length).toBeGreaterThan(0);
    expect(offers).toEqual(await airline.searchFlights({ ...BLR_CCU, cabin: "BUSINESS" }));
    expect(await remote.searchFlights(BLR_CCU)).toEqual(await airline.searchFlights(BLR_CCU));
    const key = offers[0]!.key;
    const pax = { adult: 2, child: 1, infant: 1 };
    expect(await remote.livePrice({ key, pax })).toEqual(await airline.livePrice({ key, pax }));
    expect(await remote.seatMap(key)).toEqual(await airline.seatMap(key));
  });

  it("answers brands, baggage and meals, and reserves extras over the wire as the airline itself", async () => {
    const { airline, remote } = overTheWire();
    const offers = await remote.searchFlights({ ...BLR_CCU, returnDate: undefined, cabin: "ECONOMY" });
    expect(new Set(offers.map((o) => o.brand.code))).toEqual(new Set(["SAVER", "FLEXI"]));
    const offer = offers.find((o) => o.brand.inclusions.meal === "PAID")!;
    expect(await remote.ancillaries(offer.key)).toEqual(await airline.ancillaries(offer.key));
    const extras = [{ paxId: "ADT1", segmentIndex: 0, code: "XBAG20", quantity: 1 }];
    const reserved = await remote.reserve({ ...reservationOf("bk_extras", offer.key), extras });
    expect(reserved.extras).toEqual(extras);
    expect(reserved).toEqual(await airline.findReservation("bk_extras"));
    const refused = await failureOf(
      remote.reserve({ ...reservationOf("bk_extras_2", offer.key), extras: [{ ...extras[0]!, quantity: 3 }] }),
    );
    expect([refused.code, refused.provider?.code]).toEqual(["PROVIDER_REJECTED", "INVALID_SSR_REQUEST"]);
  });

  it("lists a reservation's extras and adds to them over the wire, once per reference", async () => {
    const { airline, remote } = overTheWire();
    const offers = await remote.searchFlights({ ...BLR_CCU, returnDate: undefined, cabin: "ECONOMY" });
    const offer = offers.find((o) => o.brand.inclusions.meal === "PAID")!;
    await remote.reserve(reservationOf("bk_add", offer.key));
    expect(await remote.reservationAncillaries("bk_add")).toEqual(await airline.reservationAncillaries("bk_add"));
    const extras = [{ paxId: "ADT1", segmentIndex: 0, code: "VGML", quantity: 2 }];
    const added = await remote.addExtras({ clientReference: "bk_add", addReference: "add_1", extras });
    // The airline's answer over the wire: the item with the addition that added it and its EMD.
    expect(added).toEqual(await airline.findReservation("bk_add"));
    expect([added.extras, added.changeReferences]).toEqual([
      [{ ...extras[0], addReference: "add_1", emdNumber: expect.stringMatching(/^\d{3}8\d{9}$/) }],
      ["add_1"],
    ]);
    expect(await remote.addExtras({ clientReference: "bk_add", addReference: "add_1", extras })).toEqual(added);
    const refused = await failureOf(remote.addExtras({ clientReference: "bk_add", addReference: "add_2", extras }));
    expect([refused.code, refused.provider?.code]).toEqual(["PROVIDER_REJECTED", "INVALID_SSR_REQUEST"]);
  });

  it("holds, prices and tickets a hold over the wire, refusals with their provider block", async () => {
    const { airline, remote, clock } = overTheWire();
    const offers = await remote.searchFlights({ origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT });
    const offer = offers.find((o) => o.segments.length === 1 && o.segments[0]!.flightNo === "9601")!;
    expect(offer.hold).toBeDefined();
    const held = await remote.reserve({ ...reservationOf("bk_hold", offer.key), hold: true });
    expect(held.hold).toEqual(offer.hold);
    expect(held).toEqual(await airline.findReservation("bk_hold"));
    clock.advance(2 * 3_600_000);
    const price = await remote.priceHold("bk_hold");
    expect(price).toEqual(await airline.priceHold("bk_hold"));
    const stale = await failureOf(remote.ticketHold({ clientReference: "bk_hold", baseFare: offer.baseFare, taxes: offer.taxes }));
    expect([stale.code, stale.provider?.code]).toEqual(["PROVIDER_PRICE_CHANGED", "PRICE_CHANGED"]);
    const ordered = await remote.ticketHold({ clientReference: "bk_hold", baseFare: price.baseFare, taxes: price.taxes });
    expect([ordered.status, ordered.hold]).toEqual(["HELD", undefined]);
    const unknown = await failureOf(remote.priceHold("bk_none"));
    expect(unknown.provider?.code).toBe("RESERVATION_NOT_FOUND");
  });

  it("reserves, changes, tickets and cancels one reservation the airline itself sees", async () => {
    const { airline, remote, clock } = overTheWire();
    const [offer] = await remote.searchFlights({ ...BLR_CCU, returnDate: undefined });
    const [seat, other] = freeSeats((await remote.seatMap(offer!.key)).segments[0]!);
    const request = reservationOf("bk_wire", offer!.key, { adult: 1, child: 0, infant: 1 }, [
      { paxId: "ADT1", segmentIndex: 0, seat: seat! },
    ]);
    const held = await remote.reserve(request);
    expect(held).toEqual(await airline.findReservation("bk_wire"));
    expect(freeSeats((await airline.seatMap(offer!.key)).segments[0]!)).not.toContain(seat);
    const changed = await remote.changeReservation({
      clientReference: "bk_wire",
      changeReference: "rsq_wire",
      key: offer!.key,
      seats: [{ paxId: "ADT1", segmentIndex: 0, seat: other! }],
    });
    expect(changed).toMatchObject({ pnr: held.pnr, changeReferences: ["rsq_wire"] });
    clock.advance(60_000);
    const ticketed = await remote.findReservation("bk_wire");
    expect(ticketed?.status).toBe("TICKETED");
    expect(ticketed?.tickets).toHaveLength(2 * offer!.segments.length);
    await remote.cancelReservation("bk_wire");
    expect((await remote.findReservation("bk_wire"))?.status).toBe("CANCELLED");
    expect(await remote.findReservation("bk_unknown")).toBeUndefined();
  });

  it("carries the airline's refusals with their provider block, and a broken airline as PROVIDER_UNAVAILABLE", async () => {
    const { remote } = overTheWire();
    const [offer] = await remote.searchFlights({ ...BLR_CCU, returnDate: undefined });
    const [seat] = freeSeats((await remote.seatMap(offer!.key)).segments[0]!);
    const seats = [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }];
    await remote.reserve(reservationOf("bk_one", offer!.key, ONE_ADULT, seats));
    const taken = await failureOf(remote.reserve(reservationOf("bk_two", offer!.key, ONE_ADULT, seats)));
    expect(taken).toMatchObject({ code: "BOOKING_SEAT_UNAVAILABLE", provider: { name: "SANDBOX", code: "SEAT_UNAVAILABLE" } });
    expect(await failureOf(remote.livePrice({ key: "not-a-key", pax: ONE_ADULT }))).toMatchObject({
      code: "PROVIDER_REJECTED",
      provider: { code: "INVALID_OFFER_KEY" },
    });
    const broken = remoteAirline(
      rejectWithDomainErrors(
        createClient(
          AirlineService,
          createRouterTransport(() => undefined),
        ),
      ),
      "SANDBOX",
    );
    expect(await failureOf(broken.seatMap(offer!.key))).toMatchObject({ code: "PROVIDER_UNAVAILABLE", provider: { name: "SANDBOX" } });
  });

  it("tells a remote watcher once that the airline dropped a hold, and resumes after it", async () => {
    const { airline, remote, clock } = overTheWire();
    const offers = await remote.searchFlights({ origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT });
    const offer = offers.find((o) => o.segments.length === 1 && o.segments[0]!.flightNo === "9701")!;
    const held = await remote.reserve({ ...reservationOf("bk_dropped", offer.key), hold: true });
    clock.advance(31 * 60_000);
    const watched = async (after?: string) => {
      const told: AirlineChange[] = [];
      const signal = AbortSignal.timeout(300);
      for await (const change of remote.watchReservationChanges({ signal, ...(after !== undefined && { after }) })) told.push(change);
      return told;
    };
    const told = await watched();
    expect(told).toEqual([
      expect.objectContaining({
        kind: "HOLD_DROPPED",
        clientReference: "bk_dropped",
        pnr: held.pnr,
        occurredAt: "2026-11-22T06:30:00.000Z",
      }),
    ]);
    // The same change as the airline itself tells, field for field.
    const direct = airline.watchReservationChanges()[Symbol.asyncIterator]();
    expect((await direct.next()).value).toEqual(told[0]);
    await direct.return?.();
    expect(await watched(told[0]!.id)).toEqual([]);
  });
});
