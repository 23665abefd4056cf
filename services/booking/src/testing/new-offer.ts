import { create } from "@bufbuild/protobuf";
import { newId } from "@tarmac/kernel";
import { Cabin, Direction, OfferSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { BookingHarness } from "./booking-harness.js";

/** A new offer (AI105, a day later, non-refundable) the harness's fake search prices for reschedule quotes; its id. */
export function newOffer(h: BookingHarness, netFare: number) {
  const offerId = newId("off");
  h.newOffers.set(
    offerId,
    create(OfferSchema, {
      offerId,
      searchId: newId("srch"),
      provider: "SANDBOX",
      currency: "INR",
      airline: "AI",
      bestPricePaise: BigInt(netFare + 40_000),
      pricingBreakdown: {
        baseFarePaise: 700_000n,
        taxesPaise: 150_000n,
        commissionPaise: 20_000n,
        otaMarkupPaise: 30_000n,
        agentMarkupPaise: 40_000n,
        netFarePaise: BigInt(netFare),
        finalPricePaise: BigInt(netFare + 40_000),
      },
      fareRules: {
        refundable: false,
        cancellationPenalties: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 300_000n }],
        changeFees: [],
        taxesRefundable: true,
      },
      segments: [
        {
          carrier: "AI",
          flightNo: "105",
          origin: "DEL",
          dest: "BOM",
          depTime: "2026-12-02T09:00:00+05:30",
          arrTime: "2026-12-02T11:10:00+05:30",
          cabin: Cabin.ECONOMY,
          direction: Direction.OUTBOUND,
          bookingClass: "Y",
          aircraft: "320",
          durationMinutes: 130,
        },
      ],
    }),
  );
  return offerId;
}
