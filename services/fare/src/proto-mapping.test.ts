import { describe, expect, it } from "vitest";
import { lockedOffer } from "./proto-mapping.js";

describe("a locked offer read back", () => {
  it("reads a lock written before PricingBreakdown's amounts were named with their unit", () => {
    const legacy = {
      offerId: "off_1",
      bestPricePaise: "612345",
      pricingBreakdown: {
        baseFare: "500000",
        taxes: "90000",
        commission: "10000",
        otaMarkup: "20000",
        agentMarkup: "12345",
        netFare: "600000",
        finalPrice: "612345",
      },
    };
    const offer = lockedOffer({ offer: legacy });
    expect(offer.pricingBreakdown).toMatchObject({
      baseFarePaise: 500_000n,
      taxesPaise: 90_000n,
      commissionPaise: 10_000n,
      otaMarkupPaise: 20_000n,
      agentMarkupPaise: 12_345n,
      netFarePaise: 600_000n,
      finalPricePaise: 612_345n,
    });
  });

  it("reads a lock written with the current names unchanged", () => {
    const offer = lockedOffer({ offer: { offerId: "off_2", pricingBreakdown: { baseFarePaise: "1", finalPricePaise: "2" } } });
    expect(offer.pricingBreakdown).toMatchObject({ baseFarePaise: 1n, finalPricePaise: 2n });
  });
});
