import type { PassengerCounts, ProviderOffer } from "@tarmac/airline-port";
import { assertPaise, percentOf } from "@tarmac/kernel";
import { markupContextOf, pickMarkupRule, type MarkupContext } from "./markup-rules.js";
import type { PricingRules } from "./pricing-rules.js";

/** Totals for all passengers, in paise (API guide, Money and pricing). */
export interface PricingBreakdown {
  readonly baseFare: number;
  readonly taxes: number;
  readonly commission: number;
  readonly otaMarkup: number;
  readonly agentMarkup: number;
  readonly netFare: number;
  readonly finalPrice: number;
}

export interface PricingInput {
  readonly airline: string;
  readonly agentId: string;
  readonly baseFare: number;
  readonly taxes: number;
  readonly segmentCount: number;
  readonly pax: PassengerCounts;
  /** What markup rules match on; without it only byAgent and the default price agent_markup. */
  readonly markup?: MarkupContext;
}

/**
 * Prices one offer for one agent (API guide, Money and pricing). Each percentage is taken once, on the offer's
 * totals, and rounded half up, so the identities hold exactly:
 *   net_fare    = base_fare + taxes + ota_markup - commission
 *   final_price = base_fare + taxes + ota_markup + agent_markup
 * Per-passenger amounts count seated passengers only: a lap infant takes no seat and is charged
 * by the airline through base_fare and taxes, not by our fixed markups.
 */
export function priceOffer(rules: PricingRules, input: PricingInput): PricingBreakdown {
  const baseFare = assertPaise(input.baseFare, "base_fare");
  const taxes = assertPaise(input.taxes, "taxes");
  if (baseFare < 0 || taxes < 0) throw new RangeError(`negative fare from provider: base ${baseFare}, taxes ${taxes}`);
  const seated = input.pax.adult + input.pax.child;
  const airlineFare = baseFare + taxes;

  const commission = percentOf(baseFare, own(rules.commission.byAirline, input.airline) ?? rules.commission.defaultBps);
  const otaMarkup = seated * input.segmentCount * rules.otaMarkup.perPaxPerSegmentPaise + percentOf(airlineFare, rules.otaMarkup.bps);
  const matched = input.markup && pickMarkupRule(rules.agentMarkup.rules, input.markup);
  const agentRule = matched ?? {
    ...(own(rules.agentMarkup.byAgent, input.agentId) ?? rules.agentMarkup.default),
    perPaxPerSegmentPaise: 0,
  };
  const agentMarkup =
    percentOf(airlineFare + otaMarkup, agentRule.bps) +
    seated * agentRule.perPaxPaise +
    seated * input.segmentCount * agentRule.perPaxPerSegmentPaise;

  return {
    baseFare,
    taxes,
    commission,
    otaMarkup,
    agentMarkup,
    netFare: airlineFare + otaMarkup - commission,
    finalPrice: airlineFare + otaMarkup + agentMarkup,
  };
}

/** Agent ids come from callers: "constructor" must not find Object.prototype's. */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The agent's price of a provider offer as a whole. */
export function priceProviderOffer(
  rules: PricingRules,
  offer: Pick<ProviderOffer, "airline" | "baseFare" | "taxes" | "segments" | "brand">,
  agentId: string,
  pax: PassengerCounts,
): PricingBreakdown {
  return priceOffer(rules, {
    airline: offer.airline,
    agentId,
    baseFare: offer.baseFare,
    taxes: offer.taxes,
    segmentCount: offer.segments.length,
    pax,
    markup: markupContextOf(offer, agentId),
  });
}
