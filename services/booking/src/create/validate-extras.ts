import { fieldError, type FieldError } from "@tarmac/kernel";

type FieldCode = Parameters<typeof fieldError>[1];
import type { BookedExtra } from "../domain/booking.js";
import type { PassengerInput, SeatChoiceInput, VouchedExtra } from "../domain/booking-request.js";

export interface ExtraCheck {
  readonly extras: BookedExtra[];
  readonly errors: FieldError[];
}

/**
 * Baggage and meal choices (API guide, Baggage and meals) against the options the fare service
 * vouched for: each for a passenger of this booking, the very passenger the option was offered to
 * (a token lists one passenger's options on one segment), on a segment of this itinerary, and at
 * most the option's maximum per passenger and segment, counting every line that buys it.
 */
export function checkExtras(
  choices: readonly SeatChoiceInput[],
  vouched: ReadonlyMap<string, VouchedExtra>,
  passengers: readonly PassengerInput[],
  segmentCount: number,
): ExtraCheck {
  const errors: FieldError[] = [];
  const extras: BookedExtra[] = [];
  const bought = new Map<string, number>();
  for (const choice of choices) {
    const at = (field: string) => `ancillaries[${choice.index}].${field}`;
    const option = vouched.get(choice.ancillaryToken);
    const quantity = choice.quantity === 0 ? 1 : choice.quantity;
    const fail = (field: string, code: FieldCode, message: string) => errors.push(fieldError(at(field), code, message));
    if (option === undefined) {
      fail("ancillary_token", "INVALID_VALUE", "is not a baggage or meal option of this fare");
      continue;
    }
    if (choice.paxId === "") {
      fail("pax_id", "REQUIRED", "is required");
      continue;
    }
    if (!passengers.some((p) => p.id === choice.paxId)) {
      fail("pax_id", "INVALID_VALUE", `${choice.paxId} is not a passenger of this booking`);
      continue;
    }
    if (option.paxId !== choice.paxId) {
      fail(
        "ancillary_token",
        "INVALID_VALUE",
        `${option.code} was offered to ${option.paxId}, not ${choice.paxId}: use ${choice.paxId}'s own options`,
      );
      continue;
    }
    if (option.segmentIndex >= segmentCount) {
      fail("ancillary_token", "INVALID_VALUE", `${choice.paxId} flies no segment ${option.segmentIndex}`);
      continue;
    }
    const id = `${option.paxId}|${option.segmentIndex}|${option.code}`;
    const total = (bought.get(id) ?? 0) + quantity;
    if (quantity < 1 || total > option.maxQuantity) {
      fail("quantity", "OUT_OF_RANGE", `at most ${option.maxQuantity} of ${option.code} per passenger on segment ${option.segmentIndex}`);
      continue;
    }
    bought.set(id, total);
    extras.push({
      paxId: option.paxId,
      segmentIndex: option.segmentIndex,
      kind: option.kind,
      code: option.code,
      description: option.description,
      quantity,
      unitPricePaise: option.pricePaise,
      pricePaise: option.pricePaise * quantity,
      weightKg: option.weightKg,
      ancillaryId: option.ancillaryId,
      ancillaryToken: option.ancillaryToken,
    });
  }
  return { extras, errors };
}
