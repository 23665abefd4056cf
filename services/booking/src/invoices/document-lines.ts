import { airportDirectory } from "@tarmac/airline-port";
import {
  airlineGstOf,
  deemedValueOf,
  grossCommissionOf,
  headRatesBps,
  PURE_AGENT_DESCRIPTIONS,
  SUPPLY_DESCRIPTIONS,
  supplyOf,
  type GstKind,
  type PureAgentKind,
  type SupplyKind,
  type ValuationBasis,
} from "@tarmac/tax";
import type { Booking } from "../domain/booking.js";
import type { Direction } from "../domain/quotes.js";
import type { CommissionLine, DocumentTotals, PureAgentLine, SupplyLine, TravelRef } from "./invoice.js";
import { SERVICE_FEE_SAC } from "./invoice.js";

/** The rates and GST kind a document applies, and how our ticket-booking supply is valued. */
export interface DocumentTerms {
  readonly gstOnServiceFeeBps: number;
  readonly tdsOnCommissionBps: number;
  readonly gstKind: GstKind;
  readonly valuation: ValuationBasis;
}

const nameOf = (p: Booking["passengers"][number]) => `${p.title} ${p.firstName} ${p.lastName}`;

/** The passenger on the direction as a line names them: sector, date, flights, tickets. */
export function travelRef(booking: Booking, paxId: string, direction: Direction): TravelRef {
  const pax = booking.passengers.find((p) => p.paxId === paxId);
  const indexed = booking.segments.map((s, i) => ({ s, i })).filter(({ s }) => s.direction === direction);
  const legs = indexed.map(({ s }) => s);
  const first = legs[0];
  return {
    paxId,
    passengerName: pax ? nameOf(pax) : paxId,
    direction,
    sector: first ? [first.origin, ...legs.map((s) => s.dest)].join("-") : "",
    travelDate: first ? first.depTime.slice(0, 10) : "",
    flights: legs.map((s) => `${s.carrier}${s.flightNo}`),
    ticketNumbers: booking.ticketNumbers
      .filter((t) => t.paxId === paxId && indexed.some(({ i }) => i === t.segmentIndex))
      .map((t) => t.ticketNumber),
  };
}

const INDIA = "India";

/** The airport's country as the airport directory names it ("India"); an airport it does not know is taken as Indian. */
function countryOf(code: string): string {
  return airportDirectory().find(code)?.country ?? INDIA;
}

/** A direction leaves India or crosses a border (Rule 32(3)'s international booking; the airline's GST from India). */
function journeyOf(booking: Booking, direction: Direction): { international: boolean; fromIndia: boolean; cabin: string } {
  const legs = booking.segments.filter((s) => s.direction === direction);
  return {
    international: legs.some((s) => countryOf(s.origin) !== INDIA || countryOf(s.dest) !== INDIA),
    fromIndia: legs[0] !== undefined && countryOf(legs[0].origin) === INDIA,
    cabin: legs[0]?.cabin ?? "ECONOMY",
  };
}

/** One supply of ours of `consideration` (tax included) for the passenger on the direction. */
export function supplyLine(
  ref: TravelRef,
  kind: SupplyKind,
  consideration: number,
  terms: DocumentTerms,
  deemedValue?: number,
): SupplyLine {
  const amounts = supplyOf(consideration, terms.gstOnServiceFeeBps, terms.gstKind, deemedValue);
  const rates = headRatesBps(terms.gstOnServiceFeeBps, terms.gstKind);
  return {
    ...ref,
    kind,
    description: `${SUPPLY_DESCRIPTIONS[kind]}: ${ref.sector} ${ref.travelDate}`,
    sac: SERVICE_FEE_SAC,
    considerationPaise: amounts.consideration,
    taxableValuePaise: amounts.taxableValue,
    gstRateBps: terms.gstOnServiceFeeBps,
    cgstRateBps: rates.cgst,
    sgstRateBps: rates.sgst,
    igstRateBps: rates.igst,
    cgstPaise: amounts.cgst,
    sgstPaise: amounts.sgst,
    igstPaise: amounts.igst,
    adjustmentPaise: amounts.adjustment,
  };
}

/** The booking service fee (the OTA markup of the part) valued as the terms say. */
export function serviceFeeLine(booking: Booking, ref: TravelRef, markup: number, baseFare: number, terms: DocumentTerms): SupplyLine {
  const journey = journeyOf(booking, ref.direction);
  return supplyLine(ref, "SERVICE_FEE", markup, terms, deemedValueOf(terms.valuation, baseFare, journey.international));
}

export function pureAgentLine(
  ref: TravelRef,
  kind: PureAgentKind,
  amounts: { baseFare?: number; airlineTaxes?: number; airlineGst?: number; other?: number; emdNumbers?: readonly string[] },
): PureAgentLine {
  const baseFarePaise = amounts.baseFare ?? 0;
  const airlineTaxesPaise = amounts.airlineTaxes ?? 0;
  const otherPaise = amounts.other ?? 0;
  return {
    ...ref,
    kind,
    description: `${PURE_AGENT_DESCRIPTIONS[kind]}: ${ref.sector} ${ref.travelDate}`,
    emdNumbers: amounts.emdNumbers ?? [],
    baseFarePaise,
    airlineTaxesPaise,
    airlineGstPaise: amounts.airlineGst ?? 0,
    otherPaise,
    amountPaise: baseFarePaise + airlineTaxesPaise + otherPaise,
  };
}

/** The airline's fare for a part, with its own GST as the airline charges it. */
export function airFareLine(booking: Booking, ref: TravelRef, baseFare: number, taxes: number, other: number): PureAgentLine {
  const journey = journeyOf(booking, ref.direction);
  const cabin =
    journey.cabin === "BUSINESS" || journey.cabin === "FIRST" || journey.cabin === "PREMIUM_ECONOMY" ? journey.cabin : "ECONOMY";
  const airlineGst = airlineGstOf(baseFare, taxes, cabin, journey.fromIndia);
  return pureAgentLine(ref, "AIR_FARE", { baseFare, airlineTaxes: taxes, airlineGst, other });
}

/** The commission of a part, grossed up for the TDS withheld from it. */
export function commissionLine(paxId: string, direction: Direction, netCommission: number, tdsBps: number): CommissionLine {
  const gross = grossCommissionOf(netCommission, tdsBps);
  return { paxId, direction, grossCommissionPaise: gross, tdsPaise: gross - netCommission };
}

export function totalsOf(
  supplies: readonly SupplyLine[],
  pureAgent: readonly PureAgentLine[],
  commission: readonly CommissionLine[],
): DocumentTotals {
  const sum = <T>(list: readonly T[], pick: (t: T) => number) => list.reduce((s, t) => s + pick(t), 0);
  return {
    taxableValuePaise: sum(supplies, (s) => s.taxableValuePaise),
    cgstPaise: sum(supplies, (s) => s.cgstPaise),
    sgstPaise: sum(supplies, (s) => s.sgstPaise),
    igstPaise: sum(supplies, (s) => s.igstPaise),
    adjustmentPaise: sum(supplies, (s) => s.adjustmentPaise),
    supplyValuePaise: sum(supplies, (s) => s.considerationPaise),
    pureAgentPaise: sum(pureAgent, (p) => p.amountPaise),
    airlineGstPaise: sum(pureAgent, (p) => p.airlineGstPaise),
    grossCommissionPaise: sum(commission, (c) => c.grossCommissionPaise),
    tdsPaise: sum(commission, (c) => c.tdsPaise),
  };
}

/** What the document moves: our supplies' value and the pure-agent amounts, less the commission net of TDS. */
export function totalOf(t: DocumentTotals): number {
  return t.supplyValuePaise + t.pureAgentPaise - t.grossCommissionPaise + t.tdsPaise;
}
