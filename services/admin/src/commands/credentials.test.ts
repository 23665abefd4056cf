import { createPublicKey } from "node:crypto";
import {
  CallerTokenVerifier,
  developmentTrustedCallers,
  formatCredential,
  newCredential,
  parseCredential,
  parseTrustedCallers,
  trustEntryOf,
} from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";

describe("credentials", () => {
  it("new: a credential and the trust entry of exactly its key, without calling a service", async () => {
    const { clients, calls } = fakeServices({});
    const result = await run(["credentials", "new", "reports", "--key-id", "2026-11", "--json"], { clients });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as { service_credential: string; trusted_callers_entry: string };
    const credential = parseCredential(out.service_credential);
    expect([credential.caller, credential.kid]).toEqual(["reports", "2026-11"]);
    const trusted = parseTrustedCallers(out.trusted_callers_entry).get("reports")?.get("2026-11");
    expect(trusted?.equals(createPublicKey(credential.privateKey))).toBe(true);
    expect(calls).toEqual([]);
  });

  it("init: one credential per platform caller and the TRUSTED_CALLERS line that trusts them all", async () => {
    const { clients } = fakeServices({});
    const lines = (await run(["credentials", "init"], { clients })).stdout.split("\n");
    const env = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
    const trusted = parseTrustedCallers(env.TRUSTED_CALLERS ?? "");
    for (const caller of ["gateway", "search", "fare", "booking", "wallet", "auth", "airline", "webhooks", "admin"]) {
      const credential = parseCredential(env[`${caller.toUpperCase()}_CREDENTIAL`] ?? "");
      expect(trusted.get(caller)?.get(credential.kid)?.equals(createPublicKey(credential.privateKey))).toBe(true);
    }
  });

  it("token: signed with SERVICE_CREDENTIAL (else the development admin key), for the one service named", async () => {
    const { clients } = fakeServices({});
    const development = (await run(["credentials", "token", "wallet"], { clients })).stdout;
    const verifier = new CallerTokenVerifier(developmentTrustedCallers());
    expect(await verifier.callerOf(development, "tarmac.wallet.v1.WalletService")).toBe("admin");
    expect(await verifier.callerOf(development, "tarmac.auth.v1.AuthService")).toBeUndefined();
    const own = newCredential("reports", "k1");
    const token = (await run(["credentials", "token", "booking"], { clients, env: { SERVICE_CREDENTIAL: formatCredential(own) } })).stdout;
    expect(await new CallerTokenVerifier(parseTrustedCallers(trustEntryOf(own))).callerOf(token, "tarmac.booking.v1.BookingService")).toBe(
      "reports",
    );
    const bad = await run(["credentials", "token", "booking"], { clients, env: { SERVICE_CREDENTIAL: "nonsense" } });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("SERVICE_CREDENTIAL")]);
  });
});
