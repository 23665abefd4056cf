import { createSigner } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { ancillaryIdOf, createAncillaryTokenCodec, type SeatClaims } from "./ancillary-token.js";

const codec = createAncillaryTokenCodec(createSigner("test-secret-for-ancillary-tokens-0123456789", "ancillary-token"));
const claims: SeatClaims = {
  lockId: "flk_01",
  segmentIndex: 1,
  seat: "12C",
  pricePaise: 45_000,
  exitRow: true,
};

describe("seat ancillary tokens", () => {
  const token = codec.sign(claims);

  it("vouch for the seat, its segment and price under their own fare lock", () => {
    expect(codec.open(token, "flk_01")).toEqual(claims);
  });

  it("are worthless under another fare lock, altered, or signed with another key", () => {
    expect(codec.open(token, "flk_02")).toBeUndefined();
    expect(codec.open(`${token.slice(0, -2)}AA`, "flk_01")).toBeUndefined();
    const foreign = createAncillaryTokenCodec(createSigner("some-other-secret-of-32-characters-or-more", "ancillary-token"));
    expect(codec.open(foreign.sign(claims), "flk_01")).toBeUndefined();
  });

  it("name seats by segment and seat", () => {
    expect(ancillaryIdOf(0, "1A")).toBe("SEAT-0-1A");
    expect(ancillaryIdOf(2, "31K")).not.toBe(ancillaryIdOf(1, "31K"));
  });
});
