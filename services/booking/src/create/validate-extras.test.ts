import { describe, expect, it } from "vitest";
import type { PassengerInput, SeatChoiceInput, VouchedExtra } from "../domain/booking-request.js";
import { checkExtras } from "./validate-extras.js";

const passenger = (id: string, type: string): PassengerInput => ({
  id,
  type,
  title: "MR",
  firstName: "A",
  lastName: "B",
  gender: "M",
  dob: "1985-01-01",
  passportNumber: "",
  passportExpiry: "",
  passportIssuingCountry: "",
  pan: "",
  nationality: "IN",
});
const passengers = [passenger("ADT1", "ADT"), passenger("ADT2", "ADT"), passenger("INF1", "INF")];

const option = (token: string, overrides: Partial<VouchedExtra> = {}): VouchedExtra => ({
  ancillaryToken: token,
  ancillaryId: "MEAL-0-VGML",
  paxId: "ADT1",
  segmentIndex: 0,
  kind: "MEAL",
  code: "VGML",
  description: "Vegetarian",
  pricePaise: 40_000,
  maxQuantity: 2,
  weightKg: 0,
  ...overrides,
});
const vouched = new Map([
  ["meal", option("meal")],
  [
    "bag",
    option("bag", { kind: "BAGGAGE", code: "XBAG10", ancillaryId: "BAGGAGE-0-XBAG10", pricePaise: 450_000, maxQuantity: 1, weightKg: 10 }),
  ],
  ["far", option("far", { segmentIndex: 1 })],
]);
const choice = (ancillaryToken: string, paxId = "ADT1", quantity = 0, index = 0): SeatChoiceInput => ({
  paxId,
  ancillaryToken,
  quantity,
  index,
});

describe("baggage and meal choices", () => {
  it("prices each line at the vouched unit price times its quantity (0 reads as 1)", () => {
    const { extras, errors } = checkExtras([choice("meal", "ADT1", 2, 3), choice("bag", "ADT1", 0, 4)], vouched, passengers, 1);
    expect(errors).toEqual([]);
    expect(extras.map((e) => [e.code, e.quantity, e.unitPricePaise, e.pricePaise])).toEqual([
      ["VGML", 2, 40_000, 80_000],
      ["XBAG10", 1, 450_000, 450_000],
    ]);
  });

  it("names each problem's field at its place in the request", () => {
    const { extras, errors } = checkExtras(
      [
        choice("nope", "ADT1", 1, 0),
        choice("meal", "ADT2", 1, 1),
        choice("meal", "CHD1", 1, 2),
        choice("bag", "ADT1", 2, 3),
        choice("meal", "ADT1", 2, 4),
        choice("meal", "ADT1", 1, 5),
        choice("far", "ADT1", 1, 6),
        choice("meal", "", 1, 7),
      ],
      vouched,
      passengers,
      1,
    );
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ["ancillaries[0].ancillary_token", "INVALID_VALUE"],
      ["ancillaries[1].ancillary_token", "INVALID_VALUE"],
      ["ancillaries[2].pax_id", "INVALID_VALUE"],
      ["ancillaries[3].quantity", "OUT_OF_RANGE"],
      ["ancillaries[5].quantity", "OUT_OF_RANGE"],
      ["ancillaries[6].ancillary_token", "INVALID_VALUE"],
      ["ancillaries[7].pax_id", "REQUIRED"],
    ]);
    expect(errors[1]?.message).toMatch(/offered to ADT1, not ADT2/);
    expect(errors[5]?.message).toMatch(/flies no segment 1/);
    expect(extras).toHaveLength(1);
  });
});
