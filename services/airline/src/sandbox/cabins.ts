import type { Cabin } from "@tarmac/airline-port";
import type { AircraftType } from "./aircraft.js";
import type { Carrier } from "./carriers.js";

/**
 * Cabins a carrier sells on an aircraft: low-cost carriers an all-economy cabin (flydubai also
 * business), turboprops economy only, full-service narrowbodies economy and business, full-service
 * widebodies add premium economy and first where the carrier fits them.
 */
export function cabinsOf(carrier: Carrier, aircraft: AircraftType): readonly Cabin[] {
  if (carrier.model === "LOW_COST") return carrier.lowCostBusiness === true ? ["ECONOMY", "BUSINESS"] : ["ECONOMY"];
  if (aircraft.body === "TURBOPROP") return ["ECONOMY"];
  if (aircraft.body === "NARROW") return ["ECONOMY", "BUSINESS"];
  const cabins: Cabin[] = ["ECONOMY"];
  if (carrier.premiumEconomy) cabins.push("PREMIUM_ECONOMY");
  cabins.push("BUSINESS");
  if (carrier.firstOn.includes(aircraft.code)) cabins.push("FIRST");
  return cabins;
}
