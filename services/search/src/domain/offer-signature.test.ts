import { createSigner, DomainError } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { createOfferSigner } from "./offer-signature.js";

const signer = createOfferSigner(createSigner("s".repeat(40), "offer-signature"));
const signed = {
  searchId: "srch_a",
  offerId: "off_1",
  agentId: "agt_one",
  expiresAt: new Date("2026-11-22T06:30:00Z"),
};
const now = new Date("2026-11-22T06:10:00Z");

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : "not a DomainError";
  }
}

describe("offer signatures", () => {
  it("vouch for search, offer, agent and expiry", () => {
    const signature = signer.sign(signed);
    expect(signature).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signer.open(signature, { agentId: "agt_one" }, now)).toEqual(signed);
    expect(signer.open(signature, { agentId: "agt_one", searchId: "srch_a" }, now)).toEqual(signed);
  });

  it("look unknown to another agent, another search, or when altered", () => {
    const signature = signer.sign(signed);
    expect(codeOf(() => signer.open(signature, { agentId: "agt_two" }, now))).toBe("SEARCH_OFFER_NOT_FOUND");
    expect(codeOf(() => signer.open(signature, { agentId: "agt_one", searchId: "srch_b" }, now))).toBe("SEARCH_OFFER_NOT_FOUND");
    const altered = (signature.startsWith("A") ? "B" : "A") + signature.slice(1);
    expect(codeOf(() => signer.open(altered, { agentId: "agt_one" }, now))).toBe("SEARCH_OFFER_NOT_FOUND");
  });

  it("expire with their search", () => {
    expect(codeOf(() => signer.open(signer.sign(signed), { agentId: "agt_one" }, signed.expiresAt))).toBe("SEARCH_EXPIRED");
  });
});
