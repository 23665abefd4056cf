import { fieldError, type FieldError, validationFailed } from "@tarmac/kernel";
import type { ServiceClients } from "../../clients.js";
import type { CreateBookingBody, PaxTypeWord } from "./schemas.js";

const PAX_PREFIX: Readonly<Record<PaxTypeWord, "ADT" | "CHD" | "INF">> = { adult: "ADT", child: "CHD", infant: "INF" };

/** The pax ids booking gives this surface's passengers: per type, in request order (ADT1, ADT2, CHD1, INF1). */
export function paxIdsOf(passengers: CreateBookingBody["passengers"]): string[] {
  const seen: Record<PaxTypeWord, number> = { adult: 0, child: 0, infant: 0 };
  return passengers.map((p) => `${PAX_PREFIX[p.pax_type]}${(seen[p.pax_type] += 1)}`);
}

/**
 * This surface names baggage and meals by the airline's code (API guide, Secondary surface):
 * `extras[i]` is `{passenger, segment_index, code, quantity}`, the passenger by its place in
 * `passengers`. They become the primary surface's ancillary tokens from the fare's own list, so
 * booking checks and prices them exactly as it does there; a code the list does not offer that
 * passenger on that segment is a field error here, before anything is booked.
 */
export async function extrasAsAncillaries(
  fare: ServiceClients["fare"],
  agentId: string,
  fareToken: string,
  body: CreateBookingBody,
): Promise<{ paxId: string; ancillaryToken: string; quantity: number }[]> {
  const extras = body.extras ?? [];
  if (extras.length === 0) return [];
  const list = await fare.getAncillaries({ agentId, fareToken });
  const paxIds = paxIdsOf(body.passengers);
  const errors: FieldError[] = [];
  const chosen = extras.flatMap((extra, i) => {
    const paxId = paxIds[extra.passenger];
    if (paxId === undefined) {
      errors.push(fieldError(`extras[${i}].passenger`, "INVALID_VALUE", `there is no passenger ${extra.passenger} (from 0)`));
      return [];
    }
    const segment = list.passengers.find((p) => p.paxId === paxId)?.segments.find((s) => s.segmentIndex === extra.segment_index);
    const option = segment?.options.find((o) => o.code === extra.code);
    if (!option) {
      errors.push(
        fieldError(
          `extras[${i}].code`,
          "INVALID_VALUE",
          `${extra.code} is not sold to passenger ${extra.passenger} on segment ${extra.segment_index}`,
        ),
      );
      return [];
    }
    return [{ paxId, ancillaryToken: option.ancillaryToken, quantity: extra.quantity ?? 1 }];
  });
  if (errors.length > 0) throw validationFailed(errors);
  return chosen;
}
