import { describe, expect, it } from "vitest";
import { failureOf } from "@tarmac/kernel/testing";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { ONE_ADULT, passengersFor, reservationOf, sandboxAt } from "./test-support.js";

const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT, cabin: "ECONOMY" };
const WITH_INFANT = { adult: 1, child: 0, infant: 1 };

async function lowCostSaver(
  query: FlightQuery = BLR_CCU,
): Promise<{ airline: ReturnType<typeof sandboxAt>["airline"]; offer: ProviderOffer }> {
  const { airline } = sandboxAt();
  const offer = (await airline.searchFlights(query)).find((o) => o.brand.code === "SAVER" && o.brand.inclusions.meal === "PAID")!;
  return { airline, offer };
}

describe("sandbox baggage and meals", () => {
  it("sells extra baggage and meals per segment, meals free (one) when the brand includes them", async () => {
    const { airline, offer } = await lowCostSaver();
    const paid = await airline.ancillaries(offer.key);
    expect(paid.segments).toHaveLength(offer.segments.length);
    const options = paid.segments[0]!.options;
    expect(options.filter((o) => o.kind === "BAGGAGE").map((o) => o.code)).toEqual(["XBAG5", "XBAG10", "XBAG15", "XBAG20", "XBAG30"]);
    expect(options.find((o) => o.code === "XBAG10")).toMatchObject({
      weightKg: 10,
      pricePaise: 450_000,
      maxQuantity: 1,
      forInfants: false,
    });
    expect(options.find((o) => o.code === "VGML")).toMatchObject({ kind: "MEAL", pricePaise: 40_000, maxQuantity: 2 });
    const flexi = (await airline.searchFlights(BLR_CCU)).find(
      (o) => o.brand.code === "FLEXI" && o.segments[0]!.carrier === offer.segments[0]!.carrier,
    )!;
    const included = (await airline.ancillaries(flexi.key)).segments[0]!.options.find((o) => o.code === "VGML");
    expect(included).toMatchObject({ pricePaise: 0, maxQuantity: 1 });
  });

  it("keeps the extras a reservation bought, and refuses ones it does not sell as asked", async () => {
    const { airline, offer } = await lowCostSaver({ ...BLR_CCU, pax: WITH_INFANT });
    const base = reservationOf("bkg_extras_1", offer.key, WITH_INFANT);
    const extras = [
      { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 1 },
      { paxId: "ADT1", segmentIndex: 0, code: "NVML", quantity: 2 },
    ];
    const reservation = await airline.reserve({ ...base, extras });
    expect(reservation.extras).toEqual(extras);
    expect((await airline.findReservation("bkg_extras_1"))?.extras).toEqual(extras);
    const refusals = [
      { paxId: "INF1", segmentIndex: 0, code: "VGML", quantity: 1 },
      { paxId: "ADT1", segmentIndex: 0, code: "XBAG10", quantity: 2 },
      { paxId: "ADT1", segmentIndex: 5, code: "VGML", quantity: 1 },
      { paxId: "ADT2", segmentIndex: 0, code: "VGML", quantity: 1 },
      { paxId: "ADT1", segmentIndex: 0, code: "LOBSTER", quantity: 1 },
    ];
    for (const [i, extra] of refusals.entries()) {
      const failure = await failureOf(
        airline.reserve({ ...reservationOf(`bkg_extras_bad_${i}`, offer.key, WITH_INFANT), extras: [extra] }),
      );
      expect(failure).toMatchObject({ code: "PROVIDER_REJECTED", provider: { code: "INVALID_SSR_REQUEST" } });
    }
    expect(passengersFor(WITH_INFANT).map((p) => p.paxId)).toEqual(["ADT1", "INF1"]);
  });
});
