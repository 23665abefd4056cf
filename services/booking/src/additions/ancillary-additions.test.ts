import { create } from "@bufbuild/protobuf";
import { createSigner, fromConnectError } from "@tarmac/kernel";
import {
  CancellationType,
  ConfirmAncillaryAdditionRequestSchema,
  ConfirmCancellationRequestSchema,
  PassengerType,
  QuoteCancellationRequestSchema,
  ReasonCode,
  Title,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { describe, expect, it } from "vitest";
import { createAdditionTokenCodec } from "./addition-token.js";
import { adult, AGENT, createRequest } from "../testing/booking-harness.js";
import { confirmAddition as confirm, quoteAddition as quote, ticketedBooking as ticketed, tokenOf } from "../testing/addition-calls.js";
import { handlerContext } from "../testing/service-calls.js";

const SECRET = "booking-harness-secret-of-32-characters-at-least";
const tokens = createAdditionTokenCodec(createSigner(SECRET, "addition-token"));

const failure = (e: unknown) => fromConnectError(e);

describe("quoting baggage and meals for a ticketed booking", () => {
  it("lists what the airline still sells per passenger and segment, with tokens valid 15 minutes, and prices a selection", async () => {
    const { h, bookingId } = await ticketed();
    const q = await quote(h, bookingId);
    expect(
      q.passengers.map((p) => [
        p.paxId,
        p.segments.map((s) => s.options.map((o) => [o.code, Number(o.pricePaise), o.maxQuantity, o.heldQuantity])),
      ]),
    ).toEqual([
      [
        "ADT1",
        [
          [
            ["XBAG10", 450_000, 1, 0],
            ["VGML", 40_000, 2, 0],
          ],
        ],
      ],
    ]);
    expect(q.passengers[0]!.segments[0]!.options.every((o) => !o.refundableOnVoluntaryCancellation)).toBe(true);
    expect(new Date(Number(q.tokensValidUntil!.seconds) * 1000).toISOString()).toBe("2026-11-22T06:15:00.000Z");
    const priced = await quote(h, bookingId, [
      { ancillaryToken: tokenOf(q, "XBAG10"), quantity: 1 },
      { ancillaryToken: tokenOf(q, "VGML"), quantity: 2 },
    ]);
    expect(Number(priced.totalPaise)).toBe(450_000 + 80_000);
    expect(priced.selected.map((s) => [s.code, s.quantity, Number(s.pricePaise)])).toEqual([
      ["XBAG10", 1, 450_000],
      ["VGML", 2, 80_000],
    ]);
  });

  it("refuses forged, expired and over-the-maximum selections field by field", async () => {
    const { h, bookingId } = await ticketed();
    const q = await quote(h, bookingId);
    const refused = await quote(h, bookingId, [
      { ancillaryToken: "forged", quantity: 1 },
      { ancillaryToken: tokenOf(q, "XBAG10"), quantity: 2 },
      { ancillaryToken: tokenOf(q, "VGML"), quantity: 1 },
      { ancillaryToken: tokenOf(q, "VGML"), quantity: 2 },
    ]).catch(failure);
    expect(refused).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((refused as unknown as { errors: { field: string; code: string }[] }).errors.map((e) => [e.field, e.code])).toEqual([
      ["selections[0].ancillary_token", "INVALID_VALUE"],
      ["selections[1].quantity", "OUT_OF_RANGE"],
      ["selections[3].quantity", "OUT_OF_RANGE"],
    ]);
    // The forged token is explained in the agency's words, naming its route and no RPC of ours.
    const forged = (refused as unknown as { errors: { message: string }[] }).errors[0]!.message;
    expect(forged).toBe("is not an option from ancillaries/quote for this booking; send a token as the quote gave it");
    h.clock.advance(15 * 60_000);
    const expired = await quote(h, bookingId, [{ ancillaryToken: tokenOf(q, "VGML"), quantity: 1 }]).catch(failure);
    expect(expired).toMatchObject({ errors: [{ field: "selections[0].ancillary_token", message: expect.stringContaining("expired") }] });
  });

  it("counts what the passenger already holds against the maximum", async () => {
    const { h, bookingId } = await ticketed();
    const q = await quote(h, bookingId);
    await confirm(h, bookingId, [{ ancillaryToken: tokenOf(q, "VGML"), quantity: 1 }], "add-1");
    const again = await quote(h, bookingId);
    expect(again.passengers[0]!.segments[0]!.options.find((o) => o.code === "VGML")!.heldQuantity).toBe(1);
    const over = await quote(h, bookingId, [{ ancillaryToken: tokenOf(again, "VGML"), quantity: 2 }]).catch(failure);
    expect(over).toMatchObject({ errors: [{ field: "selections[0].quantity", message: expect.stringContaining("ADT1 holds 1") }] });
  });

  it("refuses a token of another booking, and another agency's booking is not found (BOLA)", async () => {
    const { h, bookingId } = await ticketed();
    const other = (await h.service.createBooking(createRequest(), handlerContext())).bookingId;
    const theirs = await quote(h, other);
    const refused = await quote(h, bookingId, [{ ancillaryToken: tokenOf(theirs, "VGML"), quantity: 1 }]).catch(failure);
    expect(refused).toMatchObject({
      errors: [{ field: "selections[0].ancillary_token", message: expect.stringContaining("another booking") }],
    });
    // A token signed for this booking but another agent is refused the same way.
    const claims = { bookingId, agentId: "agt_other", paxId: "ADT1", segmentIndex: 0, kind: "MEAL" as const, code: "VGML" };
    const forOther = tokens.sign({
      ...claims,
      description: "Veg",
      pricePaise: 1,
      maxQuantity: 2,
      weightKg: 0,
      forInfants: false,
      expiresAtMs: Date.parse("2026-11-23T00:00:00Z"),
    });
    expect(await quote(h, bookingId, [{ ancillaryToken: forOther, quantity: 1 }]).catch(failure)).toMatchObject({
      errors: [{ message: expect.stringContaining("another booking") }],
    });
    expect(await quote(h, bookingId, [], "agt_other").catch(failure)).toMatchObject({ code: "BOOKING_NOT_FOUND" });
    const confirmOther = await h.service
      .confirmAncillaryAddition(
        create(ConfirmAncillaryAdditionRequestSchema, {
          agentId: "agt_other",
          bookingId,
          selections: [{ ancillaryToken: tokenOf(theirs, "VGML"), quantity: 1 }],
          idempotencyKey: "k",
        }),
      )
      .catch(failure);
    expect(confirmOther).toMatchObject({ code: "BOOKING_NOT_FOUND" });
  });

  it("refuses a segment that has departed, a passenger no longer on it, and infants the airline sells nothing", async () => {
    const infant = adult(1, { id: "INF1", type: PassengerType.INF, title: Title.MSTR, dob: "2026-03-01" });
    const { h, bookingId } = await ticketed({ pax: { adult: 2, child: 0, infant: 1 } }, [
      adult(1),
      adult(2, { firstName: "Meera" }),
      infant,
    ]);
    const q = await quote(h, bookingId);
    expect(q.passengers.map((p) => p.paxId)).toEqual(["ADT1", "ADT2"]);
    const fields = {
      agentId: AGENT,
      bookingId,
      reasonCode: ReasonCode.CUSTOMER_REQUEST,
      cancellationType: CancellationType.VOLUNTARY,
      passengerIds: ["ADT2"],
    };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "cx" }));
    const gone = await quote(h, bookingId, [{ ancillaryToken: tokenOf(q, "VGML", "ADT2"), quantity: 1 }]).catch(failure);
    expect(gone).toMatchObject({ errors: [{ message: "ADT2 no longer flies segment 0" }] });
    const expiresAtMs = h.clock.now().getTime() + 60_000;
    const forInfant = tokens.sign({
      bookingId,
      agentId: AGENT,
      paxId: "INF1",
      segmentIndex: 0,
      kind: "MEAL",
      code: "VGML",
      description: "Veg",
      pricePaise: 1,
      maxQuantity: 2,
      weightKg: 0,
      forInfants: false,
      expiresAtMs,
    });
    expect(await quote(h, bookingId, [{ ancillaryToken: forInfant, quantity: 1 }]).catch(failure)).toMatchObject({
      errors: [{ message: "VGML is not sold to infants" }],
    });
    // Ten minutes before departure a quote still lists it; eleven minutes later it has departed.
    h.clock.set(new Date("2026-12-01T00:20:00Z"));
    const late = await quote(h, bookingId);
    h.clock.advance(11 * 60_000);
    const departed = await quote(h, bookingId, [{ ancillaryToken: tokenOf(late, "VGML"), quantity: 1 }]).catch(failure);
    expect(departed).toMatchObject({ errors: [{ message: "segment 0 has departed" }] });
    expect((await quote(h, bookingId)).passengers).toEqual([]);
  });

  it("refuses a booking that is not live", async () => {
    const { h, bookingId } = await ticketed();
    const fields = { agentId: AGENT, bookingId, reasonCode: ReasonCode.CUSTOMER_REQUEST, cancellationType: CancellationType.VOLUNTARY };
    await h.service.quoteCancellation(create(QuoteCancellationRequestSchema, fields));
    await h.service.confirmCancellation(create(ConfirmCancellationRequestSchema, { ...fields, idempotencyKey: "cx" }));
    expect(await quote(h, bookingId).catch(failure)).toMatchObject({ code: "BOOKING_INVALID_STATE" });
  });
});
