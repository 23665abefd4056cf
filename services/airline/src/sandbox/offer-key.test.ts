import { describe, expect, it } from "vitest";
import { keyFlights, parseOfferKey, queryOfKey } from "./offer-key.js";
import { ONE_ADULT } from "./test-support.js";

describe("parseOfferKey", () => {
  it("reads a connection: flights, sectors, local dates and the class's cabin", () => {
    const key = parseOfferKey("6E512.DELHYD.20261201+6E733.HYDBOM.20261201/T")!;
    expect(key.cabin).toBe("ECONOMY");
    expect(key.journeys.map((j) => j.fareClass.code)).toEqual(["T"]);
    expect(keyFlights(key)).toEqual([
      { carrier: "6E", flightNo: "512", origin: "DEL", dest: "HYD", date: "2026-12-01" },
      { carrier: "6E", flightNo: "733", origin: "HYD", dest: "BOM", date: "2026-12-01" },
    ]);
    expect(queryOfKey(key, ONE_ADULT)).toEqual({
      origin: "DEL",
      dest: "BOM",
      departureDate: "2026-12-01",
      pax: ONE_ADULT,
      cabin: "ECONOMY",
    });
  });

  it("reads a round trip, whose return date is its return's first departure", () => {
    const key = parseOfferKey("AI101.DELLHR.20261201/J~AI5.LHRBOM.20261205+AI864.BOMDEL.20261206/C")!;
    expect(key.cabin).toBe("BUSINESS");
    expect(key.journeys).toHaveLength(2);
    expect(keyFlights(key)).toHaveLength(3);
    expect(queryOfKey(key, ONE_ADULT)).toMatchObject({ origin: "DEL", dest: "LHR", departureDate: "2026-12-01", returnDate: "2026-12-05" });
  });

  it("refuses what the sandbox never issues", () => {
    const garbled = [
      "",
      "hello",
      "6E512.DELHYD.20261201",
      "6E512.DELHYD.20261201/",
      "6E512.DELHYD.20261201/X",
      "6E512.DELHYD.20261301/T",
      "6E512.DELHYD.20260229/T",
      "6E512.DELDEL.20261201/T",
      "6E512.DELHYD.20261201+6E733.MAABOM.20261201/T",
      "6E1.DELHYD.20261201+6E2.HYDMAA.20261201+6E3.MAABOM.20261201/T",
      "6E512.DELHYD.20261201/T~6E733.HYDDEL.20261203/J",
      "6E512.DELHYD.20261201/T~6E733.HYDDEL.20261203/T~6E734.DELHYD.20261205/T",
      "6E512.DELHYD.20261201/T/T",
      "6e512.delhyd.20261201/t",
      "6E12345.DELHYD.20261201/T",
      `6E512.DELHYD.20261201/T${"~".repeat(300)}`,
    ];
    for (const text of garbled) expect(parseOfferKey(text), text).toBeUndefined();
  });
});
