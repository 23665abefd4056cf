import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, toConnectError, validationFailed } from "@tarmac/kernel";
import {
  BookingStatus,
  CreateBookingResponseSchema,
  Gender,
  PassengerType,
  Title,
  type CreateBookingRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { ValidateFareResponseSchema, type ValidateFareRequest } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { cannedOffer } from "../../testing/canned-offers.js";
import { AGENT_ID, type FakeServices } from "../../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp, securePost } from "../../testing/secondary.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

const URL = "/api/flights/booking/create";

/** 1,500.00 INR: 17.985 USD exactly, shown as 17.98 (half-even). */
const LIVE_PAISE = 150_000n;

const adult = { title: "MR", first_name: "Ravi", last_name: "Kumar", pax_type: "adult", gender: "M", born_on: "1990-04-01" };
const body = {
  flight_id: "off_001",
  total_price: 17.98,
  currency: "USD",
  passengers: [adult],
  contact: { email: "ravi@example.com", phone: "+919812345678" },
};

interface Seen {
  validate: ValidateFareRequest[];
  create: CreateBookingRequest[];
}

function fakes(seen: Seen, livePaise: bigint = LIVE_PAISE): FakeServices {
  return {
    fare: {
      validateFare(request) {
        seen.validate.push(request);
        return create(ValidateFareResponseSchema, {
          fareToken: `ft_${seen.validate.length}`,
          offer: cannedOffer({ bestPricePaise: livePaise }),
          lockedUntil: { seconds: 1_800_000_000n },
        });
      },
    },
    booking: {
      createBooking(request) {
        seen.create.push(request);
        return create(CreateBookingResponseSchema, {
          bookingId: `bkg_${seen.create.length}`,
          pnr: "ABC123",
          totalPricePaise: livePaise,
          currency: "INR",
          status: BookingStatus.BOOKED,
        });
      },
    },
  };
}

async function appWith(livePaise?: bigint, overrides: FakeServices = {}) {
  const seen: Seen = { validate: [], create: [] };
  gateway = await secondaryTestApp({ ...fakes(seen, livePaise), ...overrides });
  return seen;
}

const book = (payload: unknown, headers: Record<string, string | undefined> = {}) => gateway.app.inject(securePost(URL, payload, headers));

describe("POST /api/flights/booking/create", () => {
  it("re-validates the offer by id, books it with the fare token and answers in the request's currency", async () => {
    const seen = await appWith();
    const response = await book(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { booking_id: "bkg_1", pnr: "ABC123", status: "BOOKED", total_price: 17.98, currency: "USD" },
    });
    expect(seen.validate[0]).toMatchObject({
      agentId: AGENT_ID,
      offerId: "off_001",
      searchId: "",
      signature: "",
      pax: { adult: 1, child: 0, infant: 0 },
    });
    const sent = seen.create[0]!;
    expect(sent).toMatchObject({
      agentId: AGENT_ID,
      fareToken: "ft_1",
      contactInfo: { email: "ravi@example.com", phone: "+919812345678" },
    });
    expect(sent.passengers).toEqual([
      expect.objectContaining({
        id: "ADT1",
        type: PassengerType.ADT,
        title: Title.MR,
        firstName: "Ravi",
        lastName: "Kumar",
        gender: Gender.M,
        dob: "1990-04-01",
        nationality: "IN",
      }),
    ]);
    expect(sent.ancillaries).toEqual([]);
  });

  it("passes passports, PAN and gst to the booking, and answers its document errors in the secondary envelope", async () => {
    const seen = await appWith();
    const documents = { passport_number: "K1234567", passport_expiry: "2036-01-31", passport_issuing_country: "IN", pan: "ABCPR1234K" };
    const gst = { gstin: "29AAGCB7383J1Z4", registered_name: "Sky Travels", address: "12 MG Road, Bengaluru", email: "gst@sky.example" };
    expect((await book({ ...body, passengers: [{ ...adult, ...documents }], gst })).statusCode).toBe(200);
    expect(seen.create[0]?.passengers[0]).toMatchObject({
      passportNumber: "K1234567",
      passportExpiry: "2036-01-31",
      passportIssuingCountry: "IN",
      pan: "ABCPR1234K",
    });
    expect(seen.create[0]?.gst).toMatchObject({ gstin: gst.gstin, registeredName: "Sky Travels", address: gst.address, email: gst.email });
    expect((await book(body)).statusCode).toBe(200);
    expect(seen.create[1]?.gst).toBeUndefined();
    expect(seen.create[1]?.passengers[0]).toMatchObject({ passportNumber: "", pan: "" });

    await gateway.app.close();
    await appWith(undefined, {
      booking: {
        createBooking() {
          throw toConnectError(
            validationFailed([
              fieldError("passengers[0].passport_number", "REQUIRED", "the fare needs a passport"),
              fieldError("passengers[0].dob", "REQUIRED", "is required"),
            ]),
          );
        },
      },
    });
    const refused = expectSecondaryError(await book(body), "VALIDATION_FAILED");
    expect(refused.error.errors?.map((e) => e.field)).toEqual(["passengers[0].passport_number", "passengers[0].born_on"]);
  });

  it("numbers passengers per type in request order, reads words in any case and keeps a given nationality", async () => {
    const seen = await appWith();
    const passengers = [
      { ...adult, title: "mr." },
      { ...adult, first_name: "Asha", title: "Mrs", gender: "female", pax_type: "ADULT", nationality: "GB" },
      { ...adult, first_name: "Anu", title: "MISS", gender: "F", pax_type: "Child", born_on: "2018-02-02" },
      { ...adult, first_name: "Dev", title: "MSTR", gender: "Male", pax_type: "infant", born_on: "2026-01-01" },
    ];
    expect((await book({ ...body, passengers })).statusCode).toBe(200);
    expect(seen.validate[0]?.pax).toMatchObject({ adult: 2, child: 1, infant: 1 });
    expect(seen.create[0]?.passengers.map((p) => [p.id, p.type, p.title, p.gender, p.nationality])).toEqual([
      ["ADT1", PassengerType.ADT, Title.MR, Gender.M, "IN"],
      ["ADT2", PassengerType.ADT, Title.MRS, Gender.F, "GB"],
      ["CHD1", PassengerType.CHD, Title.MISS, Gender.F, "IN"],
      ["INF1", PassengerType.INF, Title.MSTR, Gender.M, "IN"],
    ]);
  });

  it("books in INR when the price matches to the paisa, and accepts flight_details naming the flight", async () => {
    const seen = await appWith(612_345n);
    const flight_details = {
      id: "off_001",
      total_price: 6123.45,
      currency: "INR",
      outbound: {
        segments: [
          {
            carrier_name: "Air India",
            flight_number: "AI 865",
            origin: "DEL",
            destination: "BOM",
            departure_at: "2026-12-01T06:15:00+05:30",
          },
        ],
      },
    };
    const response = await book({ ...body, total_price: 6123.45, currency: "INR", flight_details });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ total_price: 6123.45, currency: "INR" });
    expect(seen.create).toHaveLength(1);
  });

  describe("flight_details: the flight as search showed it, checked, never ignored", () => {
    const segment = {
      carrier_name: "Air India",
      flight_number: "AI 865",
      origin: "DEL",
      destination: "BOM",
      departure_at: "2026-12-01T06:15:00+05:30",
    };
    const details = { id: "off_001", total_price: 17.98, currency: "USD", outbound: { segments: [segment] } };

    it("refuses a total_price or currency inside it that contradicts the request's, before any peer call", async () => {
      const seen = await appWith();
      const error = expectSecondaryError(
        await book({ ...body, flight_details: { ...details, total_price: 1, currency: "EUR" } }),
        "VALIDATION_FAILED",
      );
      expect(error.error.errors).toEqual([
        { field: "flight_details.currency", code: "INVALID_VALUE", message: "must be the booking's currency, USD" },
        { field: "flight_details.total_price", code: "INVALID_VALUE", message: "must equal total_price (17.98)" },
      ]);
      expect(seen.validate).toEqual([]);
      const tooPrecise = expectSecondaryError(
        await book({ ...body, flight_details: { ...details, total_price: 17.985 } }),
        "VALIDATION_FAILED",
      );
      expect(tooPrecise.error.errors?.[0]).toMatchObject({ field: "flight_details.total_price", code: "INVALID_FORMAT" });
    });

    it("refuses segments that are not the priced flight's, naming each field, and books nothing", async () => {
      const seen = await appWith();
      const wrong = { ...segment, flight_number: "AI 999", departure_at: "2026-12-01T07:15:00+05:30" };
      const error = expectSecondaryError(
        await book({ ...body, flight_details: { ...details, outbound: { segments: [wrong] } } }),
        "VALIDATION_FAILED",
      );
      expect(error.error.errors).toEqual([
        { field: "flight_details.outbound.segments[0].flight_number", code: "INVALID_VALUE", message: "is AI 865 for this flight" },
        {
          field: "flight_details.outbound.segments[0].departure_at",
          code: "INVALID_VALUE",
          message: "is 2026-12-01T06:15:00+05:30 for this flight",
        },
      ]);
      const legs = expectSecondaryError(
        await book({
          ...body,
          flight_details: { ...details, outbound: { segments: [segment, segment] }, inbound: { segments: [segment] } },
        }),
        "VALIDATION_FAILED",
      );
      expect(legs.error.errors?.map((e) => [e.field, e.message])).toEqual([
        ["flight_details.outbound.segments", "this flight has 1 segment"],
        ["flight_details.inbound", "this flight is one way"],
      ]);
      expect(seen.create).toEqual([]);
    });

    it("books when it describes the flight, a departure written in another offset included", async () => {
      const seen = await appWith();
      const utc = { ...segment, departure_at: "2026-12-01T00:45:00Z" };
      const response = await book({ ...body, flight_details: { ...details, outbound: { segments: [utc] } } });
      expect(response.statusCode, response.body).toBe(200);
      expect(seen.create).toHaveLength(1);
    });
  });

  it("answers 409 PROVIDER_PRICE_CHANGED with the new price when total_price no longer matches, booking nothing", async () => {
    const seen = await appWith();
    // 17.99 is what half-up would have shown for 17.985; the exact half-even price is 17.98.
    const response = await book({ ...body, total_price: 17.99 });
    const error = expectSecondaryError(response, "PROVIDER_PRICE_CHANGED");
    expect(error.error.message).toBe("The price of this flight is now 17.98 USD, not 17.99; book again with the new total_price");
    expect(error.error.details).toEqual({ flight_id: "off_001", total_price: 17.98, currency: "USD", requested_total_price: 17.99 });
    expect(seen.create).toEqual([]);
  });

  it("compares in the request's currency after the live price moved", async () => {
    const seen = await appWith(50_000n); // now 5.995 USD -> 6.00
    const error = expectSecondaryError(await book(body), "PROVIDER_PRICE_CHANGED");
    expect(error.error.details).toMatchObject({ total_price: 6, currency: "USD" });
    expect((await book({ ...body, total_price: 6 })).statusCode).toBe(200);
    expect(seen.create).toHaveLength(1);
  });

  describe("Idempotency-Key", () => {
    it("is honoured when sent: the same request replays the first answer without booking again", async () => {
      const seen = await appWith();
      const first = await book(body, { "idempotency-key": "order-42" });
      const second = await book(body, { "idempotency-key": "order-42" });
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(seen.validate).toHaveLength(1);
      expect(seen.create).toHaveLength(1);
      // The booking service keeps its own record under the client's key, in this surface's namespace.
      expect(seen.create[0]?.idempotencyKey).toBe("secondary:order-42");
    });

    it("refuses the same key with another request: 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const seen = await appWith();
      await book(body, { "idempotency-key": "order-42" });
      expectSecondaryError(
        await book({ ...body, contact: { ...body.contact, phone: "+919800000000" } }, { "idempotency-key": "order-42" }),
        "IDEMPOTENCY_KEY_REUSED",
      );
      expect(seen.create).toHaveLength(1);
    });

    it("is not required: without it every request books, each under a fresh booking key", async () => {
      const seen = await appWith();
      for (let i = 0; i < 2; i++) {
        const response = await book(body);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers["idempotent-replayed"]).toBeUndefined();
      }
      expect(seen.create).toHaveLength(2);
      const [a, b] = seen.create.map((r) => r.idempotencyKey);
      expect(a).toMatch(/^sec_/);
      expect(a).not.toBe(b);
    });

    it("is still checked when sent: too long is 400 on the header", async () => {
      await appWith();
      const error = expectSecondaryError(await book(body, { "idempotency-key": "k".repeat(256) }), "VALIDATION_FAILED");
      expect(error.error.errors).toEqual([{ field: "Idempotency-Key", code: "OUT_OF_RANGE", message: expect.any(String) }]);
    });
  });

  describe("validation, in the secondary format", () => {
    it.each([
      [{ ...body, passengers: [{ ...adult, pax_type: "senior" }] }, "passengers[0].pax_type", "INVALID_VALUE"],
      [{ ...body, passengers: [{ ...adult, pax_type: "ADT" }] }, "passengers[0].pax_type", "INVALID_VALUE"],
      [{ ...body, passengers: [{ ...adult, title: "DR" }] }, "passengers[0].title", "INVALID_VALUE"],
      [{ ...body, passengers: [{ ...adult, born_on: "01-04-1990" }] }, "passengers[0].born_on", "INVALID_FORMAT"],
      [{ ...body, passengers: [{ ...adult, dob: "1990-04-01" }] }, "passengers[0].dob", "UNKNOWN_FIELD"],
      [{ ...body, passengers: [{ ...adult, nationality: "IND" }] }, "passengers[0].nationality", "INVALID_FORMAT"],
      [{ ...body, passengers: [] }, "passengers", "OUT_OF_RANGE"],
      [{ ...body, total_price: "17.98" }, "total_price", "INVALID_FORMAT"],
      [{ ...body, total_price: 17.985 }, "total_price", "INVALID_FORMAT"],
      [{ ...body, total_price: -1 }, "total_price", "OUT_OF_RANGE"],
      [{ ...body, currency: "XYZ" }, "currency", "INVALID_VALUE"],
      [
        { ...body, flight_details: { id: "off_999", total_price: 1, currency: "USD", outbound: { segments: [] } } },
        "flight_details.id",
        "INVALID_VALUE",
      ],
      [{ ...body, flight_details: { id: "off_001" } }, "flight_details.total_price", "REQUIRED"],
      [(({ contact: _c, ...rest }) => rest)(body), "contact", "REQUIRED"],
      [{ ...body, contact_info: body.contact }, "contact_info", "UNKNOWN_FIELD"],
    ])("rejects %j on %s with %s, before any peer call", async (payload, field, code) => {
      const seen = await appWith();
      const error = expectSecondaryError(await book(payload), "VALIDATION_FAILED");
      expect(error.error.errors).toEqual(expect.arrayContaining([{ field, code, message: expect.any(String) }]));
      expect(seen.validate).toEqual([]);
    });

    it("lets a client correct a rejected request and keep its Idempotency-Key", async () => {
      const seen = await appWith();
      expectSecondaryError(await book({ ...body, total_price: 17.985 }, { "idempotency-key": "k1" }), "VALIDATION_FAILED");
      expect((await book(body, { "idempotency-key": "k1" })).statusCode).toBe(200);
      expect(seen.create).toHaveLength(1);
    });

    it("renames the fare and booking services' field errors to this surface's names", async () => {
      await appWith(undefined, {
        fare: {
          validateFare() {
            throw toConnectError(validationFailed([fieldError("pax", "INVALID_VALUE", "must equal the search's passenger counts")]));
          },
        },
      });
      const fareError = expectSecondaryError(await book(body), "VALIDATION_FAILED");
      expect(fareError.error.errors).toEqual([
        { field: "passengers", code: "INVALID_VALUE", message: "must equal the search's passenger counts" },
      ]);
      expect(fareError.error.message).toBe("passengers: must equal the search's passenger counts");
      await gateway.app.close();

      const seen: Seen = { validate: [], create: [] };
      gateway = await secondaryTestApp({
        ...fakes(seen),
        booking: {
          createBooking() {
            throw toConnectError(
              validationFailed([
                fieldError("passengers[0].dob", "OUT_OF_RANGE", "does not fit the passenger type"),
                fieldError("contact_info.phone", "INVALID_FORMAT", "must be in international format"),
              ]),
            );
          },
        },
      });
      const bookingError = expectSecondaryError(await book(body), "VALIDATION_FAILED");
      expect(bookingError.error.errors?.map((e) => e.field)).toEqual(["passengers[0].born_on", "contact.phone"]);
    });
  });

  it.each([
    ["SEARCH_OFFER_NOT_FOUND", "fare"],
    ["SEARCH_EXPIRED", "fare"],
    ["PROVIDER_SOLD_OUT", "fare"],
    ["WALLET_INSUFFICIENT_FUNDS", "booking"],
    ["BOOKING_PASSENGER_MISMATCH", "booking"],
  ] as const)("passes %s from %s through with its status", async (code, peer) => {
    const refuse = () => {
      throw toConnectError(new DomainError(code, "refused"));
    };
    await appWith(undefined, peer === "fare" ? { fare: { validateFare: refuse } } : { booking: { createBooking: refuse } });
    expectSecondaryError(await book(body), code);
  });
});
