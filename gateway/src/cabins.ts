import { Cabin } from "@tarmac/proto/tarmac/search/v1/search_pb.js";

/** Cabin names as both surfaces' JSON spells them (API guide, Search; the secondary surface's travel_class). */
export const CABINS = ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"] as const;
export type CabinName = (typeof CABINS)[number];

/** The search service's cabin for each name. */
export const cabinOf: Readonly<Record<CabinName, Cabin>> = {
  ECONOMY: Cabin.ECONOMY,
  PREMIUM_ECONOMY: Cabin.PREMIUM_ECONOMY,
  BUSINESS: Cabin.BUSINESS,
  FIRST: Cabin.FIRST,
};
