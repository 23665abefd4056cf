import { create } from "@bufbuild/protobuf";
import { fieldError, paiseToProto, toTimestamp, validationFailed } from "@tarmac/kernel";
import {
  AncillaryKind,
  ConfirmAncillaryAdditionResponseSchema,
  QuoteAncillaryAdditionResponseSchema,
  type AncillarySelection,
  type ConfirmAncillaryAdditionResponse,
  type QuoteAncillaryAdditionResponse,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import type { AdditionQuote, ConfirmedAddition } from "../additions/ancillary-additions.js";
import { listOf } from "./change-requests.js";
import type { SelectionInput } from "../additions/ancillary-addition.js";
import type { Booking } from "../domain/booking.js";
import { extraToProto } from "./proto-mapping.js";

/** The request's selections, or VALIDATION_FAILED naming each empty token. */
export function selectionsOf(selections: readonly AncillarySelection[] | undefined): SelectionInput[] {
  const list = listOf(selections);
  const errors = list.flatMap((s, i) =>
    s.ancillaryToken === "" ? [fieldError(`selections[${i}].ancillary_token`, "REQUIRED", "is required")] : [],
  );
  if (errors.length > 0) throw validationFailed(errors);
  return list.map((s) => ({ ancillaryToken: s.ancillaryToken, quantity: s.quantity }));
}

export function additionQuoteAnswer(booking: Booking, quote: AdditionQuote): QuoteAncillaryAdditionResponse {
  return create(QuoteAncillaryAdditionResponseSchema, {
    bookingId: booking.bookingId,
    currency: booking.currency,
    tokensValidUntil: toTimestamp(quote.tokensValidUntil),
    passengers: quote.passengers.map((p) => ({
      paxId: p.paxId,
      segments: p.segments.map((s) => ({
        segmentIndex: s.segmentIndex,
        options: s.options.map((o) => ({
          ...o,
          kind: AncillaryKind[o.kind],
          pricePaise: paiseToProto(o.pricePaise),
          refundableOnVoluntaryCancellation: false,
        })),
      })),
    })),
    selected: quote.selected.map((i) => ({
      ancillaryToken: i.ancillaryToken,
      ancillaryId: i.ancillaryId,
      paxId: i.paxId,
      segmentIndex: i.segmentIndex,
      kind: AncillaryKind[i.kind],
      code: i.code,
      description: i.description,
      quantity: i.quantity,
      unitPricePaise: paiseToProto(i.unitPricePaise),
      pricePaise: paiseToProto(i.pricePaise),
      refundableOnVoluntaryCancellation: false,
    })),
    totalPaise: paiseToProto(quote.totalPaise),
  });
}

export function additionAnswer(confirmed: ConfirmedAddition, replayed = false): ConfirmAncillaryAdditionResponse {
  return create(ConfirmAncillaryAdditionResponseSchema, {
    bookingId: confirmed.booking.bookingId,
    currency: confirmed.booking.currency,
    additionId: confirmed.additionId,
    debitedPaise: paiseToProto(confirmed.debitedPaise),
    items: confirmed.items.map((e) => extraToProto(confirmed.booking, e)),
    replayed,
  });
}
