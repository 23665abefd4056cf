import { createSigner, DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { createFareTokenCodec, type FareTokenClaims } from "./fare-token.js";

const SECRET = "test-secret-for-fare-token-tests-0123456789";
const codec = createFareTokenCodec(createSigner(SECRET, "fare-token"));
const now = new Date("2026-11-22T06:00:00Z");
const claims: FareTokenClaims = {
  lockId: "flk_01",
  agentId: "agt_one",
  offerId: "off_1",
  finalPricePaise: 912_345,
  lockedUntil: new Date(now.getTime() + 15 * 60_000),
};

function failure(token: string, agentId = "agt_one", at = now): DomainError {
  try {
    codec.open(token, agentId, at);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected the token to be refused");
}

describe("fare tokens", () => {
  const token = codec.sign(claims);

  it("opens for its own agent until the lock ends, with everything it vouches for", () => {
    expect(codec.open(token, "agt_one", now)).toEqual(claims);
    expect(codec.open(token, "agt_one", new Date(claims.lockedUntil.getTime() - 1))).toEqual(claims);
  });

  it("is opaque: no agent, offer or price readable in clear text", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain("agt_one");
  });

  it("refuses forged tokens: another key, another purpose, or made-up text", () => {
    const otherKey = createFareTokenCodec(createSigner("another-secret-of-at-least-32-characters!", "fare-token")).sign(claims);
    const otherPurpose = createSigner(SECRET, "ancillary-token").sign({
      l: "flk_01",
      a: "agt_one",
      o: "off_1",
      p: 912_345,
      e: claims.lockedUntil.getTime(),
    });
    for (const forged of [otherKey, otherPurpose, "abc", "", "eyJhbGciOiJub25lIn0.e30."]) {
      expect(failure(forged).code, forged).toBe("BOOKING_FARE_TOKEN_INVALID");
    }
  });

  it("refuses altered tokens, whichever character changed", () => {
    for (const i of [0, 10, 40, token.length - 5, token.length - 1]) {
      const altered = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      const error = failure(altered);
      expect(error.code).toBe("BOOKING_FARE_TOKEN_INVALID");
      expect(error.status).toBe(400);
    }
  });

  it("refuses another agent's token exactly like a forged one", () => {
    const error = failure(token, "agt_two");
    expect(error.code).toBe("BOOKING_FARE_TOKEN_INVALID");
    expect(error.message).toBe(failure("abc").message);
  });

  it("answers BOOKING_FARE_EXPIRED (410) once the 15 minutes are over", () => {
    const error = failure(token, "agt_one", claims.lockedUntil);
    expect(error.code).toBe("BOOKING_FARE_EXPIRED");
    expect(error.status).toBe(410);
    expect(error.message).toContain(claims.lockedUntil.toISOString());
  });
});
