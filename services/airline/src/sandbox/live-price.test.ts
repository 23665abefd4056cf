import { afterEach, describe, expect, it, vi } from "vitest";
import type { FlightQuery, ProviderOffer } from "@tarmac/airline-port";
import { ONE_ADULT, sandboxAt } from "./test-support.js";
import { failureOf } from "@tarmac/kernel/testing";

const BLR_HYD: FlightQuery = { origin: "BLR", dest: "HYD", departureDate: "2026-12-01", pax: ONE_ADULT };
const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };

async function scenarioOffer(flightNo: string): Promise<ProviderOffer> {
  const offers = await sandboxAt().airline.searchFlights(BLR_HYD);
  return offers.find((o) => o.segments[0]!.flightNo === flightNo)!;
}

const withoutHold = ({ hold: _hold, ...offer }: ProviderOffer) => offer;

describe("livePrice", () => {
  it("finds an ordinary offer again from its key, with the search's amounts", async () => {
    const { airline } = sandboxAt("2026-11-22T01:00:00Z");
    const family: FlightQuery = { ...BLR_CCU, pax: { adult: 2, child: 1, infant: 1 } };
    for (const query of [BLR_CCU, family, { ...BLR_CCU, returnDate: "2026-12-04" }]) {
      const offers = await airline.searchFlights(query);
      const picks = [offers[0]!, offers.find((o) => o.segments.length > (query.returnDate ? 2 : 1))!, offers.at(-1)!];
      for (const offer of picks) {
        // Later the same UTC day: the sandbox's prices hold for the day (hold terms are as of each answer).
        const later = sandboxAt("2026-11-22T20:00:00Z").airline;
        expect(withoutHold(await later.livePrice({ key: offer.key, pax: query.pax }))).toEqual(withoutHold(offer));
      }
    }
  });

  it("quotes a dearer base fare on a price-change flight (9100-9199), in whole rupees", async () => {
    const searched = await scenarioOffer("9101");
    const live = await sandboxAt().airline.livePrice({ key: searched.key, pax: ONE_ADULT });
    expect(live.key).toBe(searched.key);
    expect(live.baseFare).toBe(Math.round((searched.baseFare * 1.08) / 100) * 100);
    expect(live.taxes).toBeGreaterThanOrEqual(searched.taxes);
    expect(live.segments).toEqual(searched.segments);
  });

  it("refuses a sold-out flight (9200-9299) as PROVIDER_SOLD_OUT from SANDBOX", async () => {
    const { key } = await scenarioOffer("9201");
    const error = await failureOf(sandboxAt().airline.livePrice({ key, pax: ONE_ADULT }));
    expect(error.code).toBe("PROVIDER_SOLD_OUT");
    expect(error.provider).toEqual({ name: "SANDBOX", code: "FARE_UNAVAILABLE", message: expect.stringContaining("no longer available") });
  });

  it("fails on a provider-error flight (9300-9399) with PROVIDER_UNAVAILABLE", async () => {
    const { key } = await scenarioOffer("9301");
    const error = await failureOf(sandboxAt().airline.livePrice({ key, pax: ONE_ADULT }));
    expect(error.code).toBe("PROVIDER_UNAVAILABLE");
    expect(error.retryable).toBe(true);
    expect(error.provider).toMatchObject({ name: "SANDBOX", code: "SYSTEM_ERROR" });
  });

  it("prices a ticketing-failure flight (9500-9599) normally: it fails later", async () => {
    const searched = await scenarioOffer("9501");
    expect(await sandboxAt().airline.livePrice({ key: searched.key, pax: ONE_ADULT })).toEqual(searched);
  });

  it("rejects a key it cannot read, and calls the fare gone for a key naming nothing it sells", async () => {
    const { airline } = sandboxAt();
    for (const key of ["", "not-a-key", "6E512.DELHYD.20261301/T"]) {
      const error = await failureOf(airline.livePrice({ key, pax: ONE_ADULT }));
      expect(error.code, key).toBe("PROVIDER_REJECTED");
      expect(error.provider).toMatchObject({ name: "SANDBOX", code: "INVALID_OFFER_KEY" });
    }
    const [offer] = await airline.searchFlights(BLR_CCU);
    const unknown = [
      offer!.key.replace(/\/[A-Z]$/, "/F"), // first class, which nobody sells on that route
      "6E8899.BLRCCU.20261201/Y",
      "6E512.BLRCCU.20261115/Y", // already flown
      "ZZ512.BLRCCU.20261201/Y",
    ];
    for (const key of unknown) {
      const error = await failureOf(airline.livePrice({ key, pax: ONE_ADULT }));
      expect(error.code, key).toBe("PROVIDER_SOLD_OUT");
      expect(error.provider?.code).toBe("FARE_UNAVAILABLE");
    }
  });

  it("checks the passengers like a search", async () => {
    const { airline } = sandboxAt();
    const [offer] = await airline.searchFlights(BLR_CCU);
    const ask = (pax: FlightQuery["pax"]) => failureOf(airline.livePrice({ key: offer!.key, pax }));
    expect((await ask({ adult: 1, child: 0, infant: 2 })).provider?.code).toBe("INVALID_PASSENGERS");
    expect((await ask({ adult: 0, child: 0, infant: 0 })).code).toBe("PROVIDER_REJECTED");
    expect((await ask({ adult: -1, child: 2, infant: 0 })).code).toBe("VALIDATION_FAILED");
  });
});

describe("livePrice on a timeout flight (9400-9499)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not answer until the caller's signal aborts, then rejects with its reason", async () => {
    const { key } = await scenarioOffer("9401");
    const controller = new AbortController();
    const call = sandboxAt().airline.livePrice({ key, pax: ONE_ADULT }, { signal: controller.signal });
    const settled = vi.fn();
    call.then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).not.toHaveBeenCalled();
    const reason = new Error("deadline passed");
    const started = Date.now();
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it("rejects at once when the signal has already aborted", async () => {
    const { key } = await scenarioOffer("9401");
    const reason = new Error("gone");
    await expect(sandboxAt().airline.livePrice({ key, pax: ONE_ADULT }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it("without a signal, gives up after 60 seconds rather than hang forever", async () => {
    const { key } = await scenarioOffer("9401");
    vi.useFakeTimers();
    const call = sandboxAt().airline.livePrice({ key, pax: ONE_ADULT });
    const settled = vi.fn();
    call.then(settled, settled);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await failureOf(call);
    expect(error.code).toBe("PROVIDER_UNAVAILABLE");
    expect(error.provider).toMatchObject({ name: "SANDBOX", code: "NO_RESPONSE" });
  });
});
