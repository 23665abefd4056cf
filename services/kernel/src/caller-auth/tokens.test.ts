import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { newCredential, parseTrustedCallers, trustEntryOf } from "./credentials.js";
import { CallerTokenIssuer, CallerTokenVerifier } from "./tokens.js";

const WALLET = "tarmac.wallet.v1.WalletService";

describe("caller tokens", () => {
  const booking = newCredential("booking", "k1");
  const trusted = parseTrustedCallers(trustEntryOf(booking));

  it("names the caller to the service it was made for, and to no other", async () => {
    const token = await new CallerTokenIssuer(booking).tokenFor(WALLET);
    const verifier = new CallerTokenVerifier(trusted);
    expect(await verifier.callerOf(token, WALLET)).toBe("booking");
    expect(await verifier.callerOf(token, "tarmac.auth.v1.AuthService")).toBeUndefined();
    // A caller token is not an agent context, nor the other way round.
    expect(await verifier.agentContextOf(token)).toBeUndefined();
    const context = await new CallerTokenIssuer(booking).agentContextFor("agent_1");
    expect(await verifier.callerOf(context, WALLET)).toBeUndefined();
    expect(await verifier.agentContextOf(context)).toEqual({ issuer: "booking", subject: "agent_1" });
  });

  it("refuses a token signed by a key it does not trust, altered, or expired", async () => {
    const verifier = new CallerTokenVerifier(trusted);
    const impostor = await new CallerTokenIssuer(newCredential("booking", "k1")).tokenFor(WALLET);
    expect(await verifier.callerOf(impostor, WALLET)).toBeUndefined();
    const token = await new CallerTokenIssuer(booking).tokenFor(WALLET);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "admin", iss: "admin" })).toString("base64url");
    expect(await verifier.callerOf(`${header}.${forged}.${signature}`, WALLET)).toBeUndefined();
    expect(await verifier.callerOf("not-a-token", WALLET)).toBeUndefined();
    const tenMinutesLater = new CallerTokenVerifier(trusted, () => Date.now() + 10 * 60_000);
    expect(await tenMinutesLater.callerOf(token, WALLET)).toBeUndefined();
    // Correctly signed, but minted to live a year: refused at once, so no replica caches it for long.
    const yearLong = await new SignJWT({})
      .setProtectedHeader({ alg: "EdDSA", kid: "k1" })
      .setIssuer("booking")
      .setSubject("booking")
      .setAudience(WALLET)
      .setIssuedAt()
      .setExpirationTime("365d")
      .sign(booking.privateKey);
    expect(await verifier.callerOf(yearLong, WALLET)).toBeUndefined();
  });

  it("accepts both keys of a caller while its key rotates", async () => {
    const next = newCredential("booking", "k2");
    const verifier = new CallerTokenVerifier(parseTrustedCallers([trustEntryOf(booking), trustEntryOf(next)].join(",")));
    expect(await verifier.callerOf(await new CallerTokenIssuer(booking).tokenFor(WALLET), WALLET)).toBe("booking");
    expect(await verifier.callerOf(await new CallerTokenIssuer(next).tokenFor(WALLET), WALLET)).toBe("booking");
  });

  it("reuses a token until a minute before it expires", async () => {
    let now = Date.now();
    const issuer = new CallerTokenIssuer(booking, () => now);
    const first = await issuer.tokenFor(WALLET);
    now += 3 * 60_000;
    // Handed out as it is, not as a promise: a call does not wait a turn of the event loop for it.
    expect(issuer.tokenFor(WALLET)).toBe(first);
    now += 90_000;
    expect(await issuer.tokenFor(WALLET)).not.toBe(first);
  });
});
