import { describe, expect, it } from "vitest";
import { accountingCodeOf } from "./accounting-codes.js";
import { CARRIERS } from "./carriers.js";
import { TicketNumbers } from "./ticket-numbers.js";

describe("accounting codes", () => {
  it("gives every carrier of the network its own 3-digit code", () => {
    const codes = CARRIERS.map((c) => accountingCodeOf(c.code));
    expect(codes.filter((code) => !/^\d{3}$/.test(code))).toEqual([]);
    expect(new Set(codes).size).toBe(CARRIERS.length);
    expect([accountingCodeOf("6E"), accountingCodeOf("AI"), accountingCodeOf("SG"), accountingCodeOf("BA")]).toEqual([
      "312",
      "098",
      "775",
      "125",
    ]);
    expect(() => accountingCodeOf("ZZ")).toThrow(/ZZ/);
  });
});

describe("TicketNumbers", () => {
  it("issues 13 digits: the carrier's code, the e-ticket form 2, nine seeded digits", () => {
    const number = new TicketNumbers().issue("AI", "K7M2QX", "ADT1", 0);
    expect(number).toMatch(/^0982\d{9}$/);
    expect(new TicketNumbers().issue("AI", "K7M2QX", "ADT1", 0)).toBe(number);
    expect(new TicketNumbers().issue("AI", "K7M2QX", "ADT1", 1)).not.toBe(number);
    expect(new TicketNumbers().issue("6E", "K7M2QX", "ADT1", 0)).toMatch(/^3122\d{9}$/);
  });

  it("draws a reissue's numbers apart from the first issue's, the same in every fresh airline", () => {
    const first = new TicketNumbers().issue("6E", "K7M2QX", "ADT1", 0);
    const reissued = new TicketNumbers().issue("6E", "K7M2QX", "ADT1", 0, 1);
    expect(reissued).toMatch(/^3122\d{9}$/);
    expect(reissued).not.toBe(first);
    expect(new TicketNumbers().issue("6E", "K7M2QX", "ADT1", 0, 1)).toBe(reissued);
    expect(new TicketNumbers().issue("6E", "K7M2QX", "ADT1", 0, 2)).not.toBe(reissued);
  });

  it("never issues a number twice, even for the same coupon asked again", () => {
    const numbers = new TicketNumbers();
    const first = numbers.issue("6E", "ABC234", "ADT1", 0);
    const again = numbers.issue("6E", "ABC234", "ADT1", 0);
    expect(again).toMatch(/^3122\d{9}$/);
    expect(again).not.toBe(first);
    const many = new Set([first, again]);
    for (let i = 0; i < 20_000; i++) many.add(numbers.issue("6E", `P${i}`, "ADT1", i % 2));
    expect(many.size).toBe(20_002);
  });
});
