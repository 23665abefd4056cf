import { Cabin, CabinSchema } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { type EnumName, enumNames } from "./enum-names.js";

/** Cabin names as both surfaces' JSON spells them (API guide, Search; the secondary surface's travel_class). */
export type CabinName = EnumName<typeof Cabin>;
export const CABINS = enumNames(CabinSchema) as readonly CabinName[];

/** The search service's cabin for a name. */
export const cabinOf = (name: CabinName): Cabin => Cabin[name];
