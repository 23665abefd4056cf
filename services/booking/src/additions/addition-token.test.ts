import { createSigner } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { createAdditionTokenCodec, type AdditionClaims } from "./addition-token.js";

const SECRET = "a-secret-of-at-least-32-characters-long";
const codec = createAdditionTokenCodec(createSigner(SECRET, "addition-token"));
const now = new Date("2026-11-22T06:00:00Z");
const claims: AdditionClaims = {
  bookingId: "bkg_1",
  agentId: "agt_one",
  paxId: "ADT1",
  segmentIndex: 0,
  kind: "BAGGAGE",
  code: "XBAG10",
  description: "10 kg",
  pricePaise: 450_000,
  maxQuantity: 1,
  weightKg: 10,
  forInfants: false,
  expiresAtMs: now.getTime() + 60_000,
};
const booking = { bookingId: "bkg_1", agentId: "agt_one" };

describe("addition tokens", () => {
  it("open with their claims for their booking and agent until they expire", () => {
    const token = codec.sign(claims);
    expect(codec.open(token, booking, now)).toEqual(claims);
    expect(codec.open(token, { ...booking, bookingId: "bkg_2" }, now)).toBe("OTHER_BOOKING");
    expect(codec.open(token, { ...booking, agentId: "agt_two" }, now)).toBe("OTHER_BOOKING");
    expect(codec.open(token, booking, new Date(claims.expiresAtMs))).toBe("EXPIRED");
  });

  it("refuse what this codec did not sign: altered, another purpose's (a fare's ancillary token), another secret's", () => {
    const token = codec.sign(claims);
    expect(codec.open(`${token.slice(0, -2)}AA`, booking, now)).toBe("UNKNOWN");
    const fareExtra = createSigner(SECRET, "extra-token").sign({ b: "bkg_1" });
    expect(codec.open(fareExtra, booking, now)).toBe("UNKNOWN");
    const other = createAdditionTokenCodec(createSigner("another-secret-of-32-characters-xx", "addition-token")).sign(claims);
    expect(codec.open(other, booking, now)).toBe("UNKNOWN");
    expect(codec.open("", booking, now)).toBe("UNKNOWN");
  });
});
