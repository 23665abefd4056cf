import type { FareBrand, FareRules, ProviderOffer, ProviderSegment } from "@tarmac/airline-port";
import type { PricedOffer } from "../domain/priced-offer.js";
import type { CachedSearch, CachedSearchMeta } from "../store/search-cache-store.js";

/** A provider segment on DEL-BOM, `minute` minutes after 06:00 IST on 2026-12-01. */
export function segmentAt(minute: number, overrides: Partial<ProviderSegment> = {}): ProviderSegment {
  const dep = new Date(Date.parse("2026-12-01T06:00:00+05:30") + minute * 60_000);
  const arr = new Date(dep.getTime() + 130 * 60_000);
  return {
    carrier: "AI",
    flightNo: `AI${100 + (minute % 800)}`,
    origin: "DEL",
    dest: "BOM",
    depTime: ist(dep),
    arrTime: ist(arr),
    cabin: "ECONOMY",
    bookingClass: "Y",
    seatsAvailable: 9,
    direction: "OUTBOUND",
    durationMinutes: 130,
    aircraft: "320",
    ...overrides,
  };
}

/** RFC 3339 with the +05:30 offset, as the provider writes Indian local times. */
function ist(instant: Date): string {
  return `${new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
}

const band = (minHoursBeforeDeparture: number, perPassengerPaise: number) => ({ minHoursBeforeDeparture, perPassengerPaise });

/**
 * Fare rules as a provider files them: a refundable fare with penalties rising toward departure,
 * or a non-refundable one with ordinary bands, as the sandbox airline files savers (that it
 * forfeits its base fare is booking's rule, not the provider's).
 */
export function fareRules(refundable: boolean): FareRules {
  return refundable
    ? {
        refundable,
        cancellationPenalties: [band(72, 50_000), band(24, 100_000), band(2, 150_000), band(0, 250_000)],
        changeFees: [band(72, 0), band(24, 50_000), band(2, 100_000), band(0, 150_000)],
        taxesRefundable: true,
      }
    : {
        refundable,
        cancellationPenalties: [band(72, 300_000), band(24, 350_000), band(2, 400_000), band(0, 450_000)],
        changeFees: [band(72, 200_000), band(24, 250_000), band(2, 300_000), band(0, 350_000)],
        taxesRefundable: true,
      };
}

/** The brand a provider files with these rules: FLEXI for the refundable fare, SAVER otherwise. */
function fareBrand(refundable: boolean): FareBrand {
  return {
    code: refundable ? "FLEXI" : "SAVER",
    inclusions: {
      checkedBaggageKg: refundable ? 20 : 15,
      cabinBaggageKg: 7,
      meal: "PAID",
      seat: "PAID",
      change: refundable ? "INCLUDED" : "PAID",
      refundable,
    },
  };
}

export function providerOffer(index: number, overrides: Partial<ProviderOffer> = {}): ProviderOffer {
  return {
    key: `K${index}`,
    provider: "FAKE",
    airline: ["AI", "6E", "UK"][index % 3] ?? "AI",
    segments: [segmentAt(index % 900)],
    baseFare: 300_000 + ((index * 7919) % 500_000),
    taxes: 60_000 + (index % 97) * 100,
    currency: "INR",
    refundable: index % 2 === 0,
    fareRules: fareRules(index % 2 === 0),
    brand: fareBrand(index % 2 === 0),
    ...overrides,
  };
}

/** A priced offer for store tests; the price is whatever the index gives, not a pricing result. */
export function pricedOffer(searchId: string, index: number): PricedOffer {
  const base = 400_000 + index;
  return {
    offerId: `off_${searchId.slice(-6)}_${String(index).padStart(5, "0")}`,
    signature: `sig_${searchId}_${index}`,
    providerKey: `K${index}`,
    provider: "FAKE",
    airline: "AI",
    // Every fifth a return trip in business, every seventh holdable: shapes a store must keep too.
    segments:
      index % 5 === 0
        ? [segmentAt(index % 900), segmentAt((index + 300) % 900, { cabin: "BUSINESS", direction: "RETURN", origin: "BOM", dest: "DEL" })]
        : [segmentAt(index % 900)],
    currency: "INR",
    refundable: index % 2 === 0,
    fareRules: fareRules(index % 2 === 0),
    ...(index % 7 === 0 && { hold: { ticketTimeLimit: "2026-11-30T10:00:00.000Z", priceGuaranteedUntil: "2026-11-29T11:00:00.000Z" } }),
    brand: fareBrand(index % 2 === 0),
    pricing: {
      baseFare: base,
      taxes: 50_000,
      commission: 2_000,
      otaMarkup: 15_000,
      agentMarkup: 0,
      netFare: base + 63_000,
      finalPrice: base + 65_000,
    },
  };
}

export function cachedSearch(searchId: string, count: number, createdAt: Date, overrides: Partial<CachedSearchMeta> = {}): CachedSearch {
  const meta: CachedSearchMeta = {
    searchId,
    agentId: "agt_one",
    criteria: { origin: "DEL", dest: "BOM", departureDate: "2026-12-01" },
    pax: { adult: 1, child: 0, infant: 0 },
    total: count,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    ...overrides,
  };
  return { meta, offers: Array.from({ length: count }, (_, i) => pricedOffer(searchId, i)) };
}
