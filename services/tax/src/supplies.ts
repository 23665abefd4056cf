/**
 * What Tarmac supplies, and what it only collects for the airline.
 *
 * Our supplies, taxable at the GST rate of the day under SAC 998551 (reservation services for
 * transportation: booking air passage): the service fee in the fare (the OTA markup), the
 * cancellation fee, the reschedule (change) fee and the void fee.
 *
 * The airline's supplies, collected as a pure agent (Rule 33 CGST Rules: paid to the airline on the
 * agency's behalf, at actuals, shown apart on our documents, and so outside our value of supply):
 * the fare (base fare, the airline's taxes including its own GST), seats, baggage and meals (the
 * airline's EMDs), fare differences, change fees and the penalties it keeps.
 */
export const SAC_AIR_RESERVATION = "998551";

export type SupplyKind = "SERVICE_FEE" | "CANCELLATION_FEE" | "RESCHEDULE_FEE" | "VOID_FEE";

export const SUPPLY_DESCRIPTIONS: Readonly<Record<SupplyKind, string>> = {
  SERVICE_FEE: "Air ticket reservation service fee",
  CANCELLATION_FEE: "Air ticket cancellation service fee",
  RESCHEDULE_FEE: "Air ticket reschedule service fee",
  VOID_FEE: "Air ticket void service fee",
};

export type PureAgentKind = "AIR_FARE" | "SEAT" | "BAGGAGE" | "MEAL" | "FARE_DIFFERENCE" | "AIRLINE_FEE";

export const PURE_AGENT_DESCRIPTIONS: Readonly<Record<PureAgentKind, string>> = {
  AIR_FARE: "Air fare collected for the airline",
  SEAT: "Seat (airline EMD) collected for the airline",
  BAGGAGE: "Excess baggage (airline EMD) collected for the airline",
  MEAL: "Meal (airline EMD) collected for the airline",
  FARE_DIFFERENCE: "Fare difference collected for the airline",
  AIRLINE_FEE: "Airline change fee collected for the airline",
};
