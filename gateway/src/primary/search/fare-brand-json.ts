import { FareBrand, Inclusion, type FareInclusions } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { EnumName } from "../../enum-names.js";

export type FareBrandName = EnumName<typeof FareBrand>;
type InclusionName = EnumName<typeof Inclusion>;

/** An offer's brand; an unspecified one is a broken contract, not something to show a client. */
export function fareBrandName(brand: FareBrand): FareBrandName {
  const name = FareBrand[brand] as FareBrandName | "UNSPECIFIED" | undefined;
  if (name === undefined || name === "UNSPECIFIED") throw new Error(`offer has no fare brand (${brand})`);
  return name;
}

function inclusionName(value: Inclusion): InclusionName {
  const name = Inclusion[value] as InclusionName | "UNSPECIFIED" | undefined;
  if (name === undefined || name === "UNSPECIFIED") throw new Error(`inclusion has no value (${value})`);
  return name;
}

export function inclusionsJson(
  inclusions: Pick<FareInclusions, "checkedBaggageKg" | "cabinBaggageKg" | "meal" | "seat" | "change" | "refundable">,
) {
  return {
    checked_baggage_kg: inclusions.checkedBaggageKg,
    cabin_baggage_kg: inclusions.cabinBaggageKg,
    meal: inclusionName(inclusions.meal),
    seat: inclusionName(inclusions.seat),
    change: inclusionName(inclusions.change),
    refundable: inclusions.refundable,
  };
}
