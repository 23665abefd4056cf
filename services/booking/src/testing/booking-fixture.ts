import { newId } from "@tarmac/kernel";
import type { Booking } from "../domain/booking.js";

/** A PENDING booking for one adult on AI101 DEL-BOM, or anything the test overrides. */
export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  const createdAt = overrides.createdAt ?? new Date("2026-11-22T06:00:00Z");
  return {
    bookingId: newId("bkg"),
    agentId: "agt_one",
    idempotencyKey: newId("idem"),
    status: "PENDING",
    statusHistory: [{ status: "PENDING", at: createdAt, reason: "booking requested" }],
    pnr: undefined,
    provider: "SANDBOX",
    providerOfferKey: "AI101.DELBOM.20261201/Y",
    searchId: "srch_1",
    offerId: "off_1",
    currency: "INR",
    pricing: {
      baseFare: 700_000,
      taxes: 150_000,
      commission: 20_000,
      otaMarkup: 30_000,
      agentMarkup: 20_000,
      netFare: 860_000,
      finalPrice: 900_000,
    },
    seatsPaise: 45_000,
    totalPricePaise: 945_000,
    debitPaise: 905_000,
    segments: [
      {
        carrier: "AI",
        flightNo: "101",
        origin: "DEL",
        dest: "BOM",
        depTime: "2026-12-01T06:00:00+05:30",
        arrTime: "2026-12-01T08:10:00+05:30",
        cabin: "ECONOMY",
        bookingClass: "Y",
        seatsAvailable: 9,
        direction: "OUTBOUND",
        durationMinutes: 130,
        aircraft: "320",
      },
    ],
    passengers: [
      { paxId: "ADT1", type: "ADT", title: "MR", firstName: "Arjun", lastName: "Mehta", gender: "M", dob: "1985-04-12", nationality: "IN" },
    ],
    contact: { email: "arjun@example.com", phone: "+919812345678" },
    seats: [{ paxId: "ADT1", segmentIndex: 0, seat: "12C", pricePaise: 45_000, ancillaryId: "SEAT-0-12C", ancillaryToken: "tok" }],
    holdId: undefined,
    ticketNumbers: [],
    failure: undefined,
    quotes: [],
    cancellation: undefined,
    reschedule: undefined,
    fareRules: {
      refundable: true,
      cancellationPenalties: [
        { minHoursBeforeDeparture: 72, perPassengerPaise: 150_000 },
        { minHoursBeforeDeparture: 24, perPassengerPaise: 300_000 },
        { minHoursBeforeDeparture: 0, perPassengerPaise: 450_000 },
      ],
      changeFees: [
        { minHoursBeforeDeparture: 72, perPassengerPaise: 100_000 },
        { minHoursBeforeDeparture: 0, perPassengerPaise: 250_000 },
      ],
      taxesRefundable: true,
    },
    lastArrivalAt: new Date("2026-12-01T02:40:00Z"),
    createdAt,
    updatedAt: createdAt,
    version: 1,
    ...overrides,
  };
}
