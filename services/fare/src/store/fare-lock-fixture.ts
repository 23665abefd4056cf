import { create, toJson, type JsonObject } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { newId } from "@tarmac/kernel";
import { Cabin, Direction, OfferSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { FareLock } from "./fare-lock-store.js";

const LOCK_MS = 15 * 60_000;

/**
 * A fare lock for tests: a fresh `flk_` id every call, created at `createdAt` (default: the
 * ManualClock's default start) and locked for 15 minutes. Unless `offer` is given, the offer is
 * real protobuf JSON of tarmac.search.v1.Offer, consistent with the lock's other fields.
 */
export function fareLock(overrides: Partial<FareLock> = {}): FareLock {
  const createdAt = overrides.createdAt ?? new Date("2026-11-22T06:00:00Z");
  const lock = {
    lockId: newId("flk"),
    agentId: "agt_fixture",
    searchId: "srch_fixture",
    offerId: "off_fixture_00007",
    signature: "sig_fixture_7",
    provider: "SANDBOX",
    providerOfferKey: "SBX|AI101|Y|2026-12-01",
    pax: { adult: 2, child: 1, infant: 1 },
    finalPricePaise: 1_234_500,
    currency: "INR",
    createdAt,
    lockedUntil: new Date(createdAt.getTime() + LOCK_MS),
    ...overrides,
  };
  return { ...lock, offer: overrides.offer ?? offerJson(lock) };
}

function offerJson(lock: Omit<FareLock, "offer">): JsonObject {
  const offer = create(OfferSchema, {
    offerId: lock.offerId,
    searchId: lock.searchId,
    signature: lock.signature,
    airline: "AI",
    segments: [
      {
        carrier: "AI",
        flightNo: "AI101",
        origin: "DEL",
        dest: "BOM",
        depTime: "2026-12-01T06:15:00+05:30",
        arrTime: "2026-12-01T08:25:00+05:30",
        cabin: Cabin.ECONOMY,
        bookingClass: "Y",
        seatsAvailable: 4,
        direction: Direction.OUTBOUND,
        durationMinutes: 130,
        aircraft: "32N",
      },
    ],
    bestPricePaise: BigInt(lock.finalPricePaise),
    currency: lock.currency,
    pricingBreakdown: {
      baseFarePaise: 1_000_000n,
      taxesPaise: 220_000n,
      commissionPaise: 10_000n,
      otaMarkupPaise: 12_000n,
      agentMarkupPaise: 2_500n,
      netFarePaise: 1_224_500n,
      finalPricePaise: BigInt(lock.finalPricePaise),
    },
    expiresAt: timestampFromDate(new Date(lock.createdAt.getTime() + 30 * 60_000)),
    refundable: true,
    provider: lock.provider,
  });
  return toJson(OfferSchema, offer) as JsonObject;
}
