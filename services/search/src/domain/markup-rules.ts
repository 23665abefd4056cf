import type { Cabin, FareBrandCode, ProviderOffer } from "@tarmac/airline-port";

/**
 * An agent_markup rule (API guide, Money and pricing): for one agent's searches, optionally only
 * for an airline, a route, a cabin, a fare brand, and travel dates. Amounts: `bps` of base_fare +
 * taxes + ota_markup, plus fixed paise per seated passenger and per seated passenger per segment.
 */
export interface MarkupRule {
  readonly agentId: string;
  readonly airline?: string;
  /** The route: first origin and final destination of the outbound journey, both or neither. */
  readonly origin?: string;
  readonly destination?: string;
  readonly cabin?: Cabin;
  readonly fareBrand?: FareBrandCode;
  /** First departure date range, YYYY-MM-DD inclusive. */
  readonly travelFrom?: string;
  readonly travelTo?: string;
  readonly bps: number;
  readonly perPaxPaise: number;
  readonly perPaxPerSegmentPaise: number;
  /** Among rules as specific as each other, the higher wins; then the earlier in the table. */
  readonly priority: number;
}

/** What a rule is matched against: one offer for one agent. */
export interface MarkupContext {
  readonly agentId: string;
  readonly airline: string;
  readonly origin: string;
  readonly destination: string;
  readonly cabin: Cabin;
  readonly fareBrand: FareBrandCode;
  /** The first departure's local date, YYYY-MM-DD. */
  readonly travelDate: string;
}

/** The context of a provider offer: its outbound journey's ends, its first segment's cabin and date. */
export function markupContextOf(offer: Pick<ProviderOffer, "airline" | "segments" | "brand">, agentId: string): MarkupContext {
  const first = offer.segments[0];
  if (!first) throw new RangeError("an offer without segments cannot be priced");
  const outbound = offer.segments.filter((s) => s.direction === first.direction);
  return {
    agentId,
    airline: offer.airline,
    origin: first.origin,
    destination: (outbound.at(-1) ?? first).dest,
    cabin: first.cabin,
    fareBrand: offer.brand.code,
    travelDate: first.depTime.slice(0, 10),
  };
}

/**
 * The rule that prices this offer: among the agent's rules that match it, the most specific (the
 * most of airline, route, cabin, fare brand and travel dates named), then the highest priority,
 * then the first in the table. Travel dates, not the clock, so a search and its reprice agree.
 */
export function pickMarkupRule(rules: readonly MarkupRule[], context: MarkupContext): MarkupRule | undefined {
  let best: { rule: MarkupRule; specificity: number } | undefined;
  for (const rule of rulesOfAgent(rules, context.agentId)) {
    if (!matches(rule, context)) continue;
    const specificity = specificityOf(rule);
    if (!best || specificity > best.specificity || (specificity === best.specificity && rule.priority > best.rule.priority)) {
      best = { rule, specificity };
    }
  }
  return best?.rule;
}

function matches(rule: MarkupRule, c: MarkupContext): boolean {
  return (
    rule.agentId === c.agentId &&
    (rule.airline === undefined || rule.airline === c.airline) &&
    (rule.origin === undefined || rule.origin === c.origin) &&
    (rule.destination === undefined || rule.destination === c.destination) &&
    (rule.cabin === undefined || rule.cabin === c.cabin) &&
    (rule.fareBrand === undefined || rule.fareBrand === c.fareBrand) &&
    (rule.travelFrom === undefined || rule.travelFrom <= c.travelDate) &&
    (rule.travelTo === undefined || c.travelDate <= rule.travelTo)
  );
}

function specificityOf(rule: MarkupRule): number {
  const named = [rule.airline, rule.origin ?? rule.destination, rule.cabin, rule.fareBrand, rule.travelFrom ?? rule.travelTo];
  return named.filter((criterion) => criterion !== undefined).length;
}

/** Each table's rules by agent, built once per table: a page prices its offers against the agent's few rules, not all of them. */
const byAgentOf = new WeakMap<readonly MarkupRule[], ReadonlyMap<string, readonly MarkupRule[]>>();

function rulesOfAgent(rules: readonly MarkupRule[], agentId: string): readonly MarkupRule[] {
  let index = byAgentOf.get(rules);
  if (!index) {
    const built = new Map<string, MarkupRule[]>();
    for (const rule of rules) {
      const list = built.get(rule.agentId);
      if (list) list.push(rule);
      else built.set(rule.agentId, [rule]);
    }
    index = built;
    byAgentOf.set(rules, index);
  }
  return index.get(agentId) ?? [];
}
