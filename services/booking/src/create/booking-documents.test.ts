import { gstinCheckCharacter } from "@tarmac/tax";
import { Cabin } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { create } from "@bufbuild/protobuf";
import { Payment, TicketBookingRequestSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { failureOf } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { AGENT, adult, bookingHarness, createRequest, type BookingHarness } from "../testing/booking-harness.js";
import { handlerContext } from "../testing/service-calls.js";

/** DEL-DXB on 2026-12-01: a passport at BOOK valid until 2027-06-01, the adult's PAN at TICKET. */
const international = () => bookingHarness({ segment: { dest: "DXB" } });
const passport = { passportNumber: "K1234567", passportExpiry: "2030-01-31", passportIssuingCountry: "IN" };
const documented = (overrides: object = {}) => adult(1, { ...passport, pan: "ABCPM1234K", ...overrides });
const gst = { gstin: "27AAPFU0939F1ZV", registeredName: "Sky Travels LLP", address: "Andheri East, Mumbai", email: "gst@sky.example" };

async function refused(h: BookingHarness, overrides: Record<string, unknown>) {
  const failure = await failureOf(h.service.createBooking(createRequest(overrides), handlerContext()));
  // Nothing moved and the airline was not asked: the documents are checked first.
  expect(h.wallet.calls).toEqual([]);
  expect(h.airline.reserveCalls).toEqual([]);
  expect(await h.outbox.pending(10)).toEqual([]);
  return failure.errors.map((e) => [e.field, e.code]);
}

describe("travel documents at booking create", () => {
  it("books an international fare with a passport and a PAN, and keeps them on the booking", async () => {
    const h = international();
    const created = await h.service.createBooking(createRequest({ passengers: [documented()] }), handlerContext());
    const booking = (await h.service.getBooking({ agentId: AGENT, bookingId: created.bookingId } as never)).booking!;
    expect(booking.passengers[0]).toMatchObject({ ...passport, pan: "ABCPM1234K" });
  });

  it("refuses a missing passport (needed at BOOK) with a field per part, whatever the payment", async () => {
    for (const payment of [Payment.WALLET, Payment.HOLD]) {
      const h = international();
      expect(await refused(h, { passengers: [adult(1, { pan: "ABCPM1234K" })], payment })).toEqual([
        ["passengers[0].passport_issuing_country", "REQUIRED"],
        ["passengers[0].passport_number", "REQUIRED"],
        ["passengers[0].passport_expiry", "REQUIRED"],
      ]);
    }
  });

  it("needs the PAN (at TICKET) at create when paid at once, but not for a hold", async () => {
    const h = international();
    expect(await refused(h, { passengers: [adult(1, passport)] })).toEqual([["passengers[0].pan", "REQUIRED"]]);
    const held = await h.service.createBooking(
      createRequest({ passengers: [adult(1, passport)], payment: Payment.HOLD }),
      handlerContext(),
    );
    expect(held.status).toBeGreaterThan(0);
    expect(h.airline.reserveCalls).toHaveLength(1);
  });

  it("asks for the PAN when a hold is ticketed, before any wallet or airline call, and takes it then", async () => {
    const h = international();
    const held = await h.service.createBooking(
      createRequest({ passengers: [adult(1, passport)], payment: Payment.HOLD }),
      handlerContext(),
    );
    const calls = [...h.wallet.calls];
    const ticket = (documents: object[]) =>
      h.service.ticketBooking(
        create(TicketBookingRequestSchema, { agentId: AGENT, bookingId: held.bookingId, passengerDocuments: documents }),
        handlerContext(),
      );
    const missing = await failureOf(ticket([]));
    expect(missing.errors.map((e) => [e.field, e.code])).toEqual([["passengers[0].pan", "REQUIRED"]]);
    const stranger = await failureOf(ticket([{ paxId: "ADT2", pan: "ABCPM1234K" }]));
    expect(stranger.errors.map((e) => e.field)).toEqual(["passenger_documents[0].pax_id"]);
    const invalid = await failureOf(ticket([{ paxId: "ADT1", pan: "ABCPM12345" }]));
    expect(invalid.errors.map((e) => [e.field, e.code])).toEqual([["passengers[0].pan", "INVALID_FORMAT"]]);
    expect(h.wallet.calls).toEqual(calls);
    expect(h.airline.ticketHoldCalls).toEqual([]);
    const paid = await ticket([{ paxId: "ADT1", pan: "ABCPM1234K" }]);
    expect(paid.debitedPaise).toBeGreaterThan(0n);
    expect((await h.store.get(held.bookingId))!.passengers[0]!.pan).toBe("ABCPM1234K");
  });

  it.each([
    [{ passportNumber: "1234567" }, "passengers[0].passport_number", "INVALID_FORMAT"],
    [{ passportNumber: "12345678", passportIssuingCountry: "US" }, "passengers[0].passport_number", "INVALID_FORMAT"],
    [{ passportNumber: "123456789", passportIssuingCountry: "GB" }, undefined, undefined],
    [{ passportNumber: "X-1", passportIssuingCountry: "FR" }, "passengers[0].passport_number", "INVALID_FORMAT"],
    [{ passportIssuingCountry: "India" }, "passengers[0].passport_issuing_country", "INVALID_FORMAT"],
    // Two capitals that ISO 3166-1 gives no country: XX unassigned, QO a region Intl.DisplayNames knows.
    [{ passportIssuingCountry: "XX" }, "passengers[0].passport_issuing_country", "INVALID_VALUE"],
    [{ passportIssuingCountry: "QO" }, "passengers[0].passport_issuing_country", "INVALID_VALUE"],
    [{ nationality: "XX" }, "passengers[0].nationality", "INVALID_VALUE"],
    [{ nationality: "QO" }, "passengers[0].nationality", "INVALID_VALUE"],
    [{ nationality: "GB" }, undefined, undefined],
    [{ nationality: "IN", passportIssuingCountry: "IN" }, undefined, undefined],
    [{ passportExpiry: "2027-05-31" }, "passengers[0].passport_expiry", "OUT_OF_RANGE"],
    [{ passportExpiry: "2027-02-30" }, "passengers[0].passport_expiry", "INVALID_FORMAT"],
    [{ pan: "ABCPM1234" }, "passengers[0].pan", "INVALID_FORMAT"],
    [{ pan: "abcpm1234k" }, "passengers[0].pan", "INVALID_FORMAT"],
    [{ pan: "ABCCM1234K" }, "passengers[0].pan", "INVALID_VALUE"],
  ])("checks %j", async (overrides, field, code) => {
    const h = international();
    const request = createRequest({ passengers: [documented(overrides)] });
    if (field === undefined) {
      await h.service.createBooking(request, handlerContext());
      return;
    }
    expect(await refused(h, { passengers: [documented(overrides)] })).toEqual([[field, code]]);
  });

  it("accepts a passport expiring exactly six months after the last flight", async () => {
    const h = international();
    await h.service.createBooking(createRequest({ passengers: [documented({ passportExpiry: "2027-06-01" })] }), handlerContext());
  });

  it("needs no passport or PAN on a domestic fare, but checks one given", async () => {
    const h = bookingHarness();
    await h.service.createBooking(createRequest(), handlerContext());
    const other = bookingHarness();
    expect(await refused(other, { passengers: [adult(1, { pan: "NOTAPAN" })] })).toEqual([["passengers[0].pan", "INVALID_FORMAT"]]);
  });
});

describe("GST details at booking create", () => {
  it("are required on a fare that says so (business cabin), with no call made", async () => {
    const h = bookingHarness({ segment: { cabin: Cabin.BUSINESS } });
    expect(await refused(h, {})).toEqual([["gst", "REQUIRED"]]);
    await h.service.createBooking(createRequest({ gst }), handlerContext());
  });

  it("are met on such a fare by the agency's billing details when the request gives none", async () => {
    const h = bookingHarness({ segment: { cabin: Cabin.BUSINESS } });
    h.agencyBilling.set(AGENT, gst);
    const { bookingId } = await h.service.createBooking(createRequest(), handlerContext());
    expect((await h.store.get(bookingId))?.gst).toEqual(gst);
  });

  it.each([
    ["27AAPFU0939F1ZW", "INVALID_VALUE"],
    ["28AAPFU0939F1ZV", "INVALID_VALUE"],
    ["27AAPFU0939F1Z", "INVALID_FORMAT"],
    ["", "REQUIRED"],
  ])("refuse GSTIN %s (%s) when given on any fare", async (gstin, code) => {
    const h = bookingHarness();
    expect(await refused(h, { gst: { ...gst, gstin } })).toEqual([["gst.gstin", code]]);
  });

  it("refuse a GSTIN whose 14th character is not Z, though its check character matches (issue 35, finding 7)", async () => {
    const h = bookingHarness();
    const first14 = "27AAPFU0939F1A";
    expect(await refused(h, { gst: { ...gst, gstin: `${first14}${gstinCheckCharacter(first14)}` } })).toEqual([
      ["gst.gstin", "INVALID_FORMAT"],
    ]);
  });

  it("refuse an address in another state than the GSTIN's, as the admin command does (issue 35, finding 7)", async () => {
    const h = bookingHarness();
    const elsewhere = { ...gst, address: "12 MG Road, Bengaluru, Karnataka 560001" };
    expect(await refused(h, { gst: elsewhere })).toEqual([["gst.address", "INVALID_VALUE"]]);
    await h.service.createBooking(
      createRequest({ gst: { ...gst, address: "Andheri East, Mumbai, Maharashtra 400069" } }),
      handlerContext(),
    );
  });

  it("refuse a missing name, address or e-mail", async () => {
    const h = bookingHarness();
    expect(await refused(h, { gst: { gstin: gst.gstin, registeredName: " ", address: "", email: "nope" } })).toEqual([
      ["gst.registered_name", "REQUIRED"],
      ["gst.address", "REQUIRED"],
      ["gst.email", "INVALID_FORMAT"],
    ]);
  });

  it("decide IGST (Maharashtra agency, Karnataka platform) or CGST and SGST (Karnataka agency, or none given)", async () => {
    const h = bookingHarness();
    const taxOf = async (overrides: Record<string, unknown>) => {
      const { bookingId } = await h.service.createBooking(createRequest(overrides), handlerContext());
      return (await h.service.getBooking({ agentId: AGENT, bookingId } as never)).booking!.taxLines!;
    };
    const igst = await taxOf({ gst });
    expect([igst.igstPaise, igst.cgstPaise, igst.sgstPaise]).toEqual([4_576n, 0n, 0n]);
    const intra = await taxOf({ gst: { ...gst, gstin: "29AAGCB7383J1Z4" } });
    expect([intra.igstPaise, intra.cgstPaise, intra.sgstPaise]).toEqual([0n, 2_288n, 2_288n]);
    const none = await taxOf({});
    expect([none.igstPaise, none.cgstPaise + none.sgstPaise, none.serviceFeePaise, none.netPayablePaise]).toEqual([
      0n,
      4_576n,
      25_424n,
      860_000n,
    ]);
    expect([none.grossCommissionPaise, none.tdsPaise]).toEqual([20_408n, 408n]);
  });
});
