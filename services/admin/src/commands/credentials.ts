import { CallerTokenIssuer, formatCredential, newCredential, PLATFORM_CALLERS, trustEntryOf } from "@tarmac/kernel";
import { adminCredential } from "../credential.js";
import { z } from "zod";
import { defineCommand } from "../command.js";

const caller = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, "a caller name is lower-case letters, digits and -, starting with a letter");

export const credentialsNew = defineCommand({
  group: "credentials",
  name: "new",
  summary: "Make a caller credential (a signing key) and its trust entry",
  description:
    "Makes an Ed25519 key pair for a caller of the gRPC services: SERVICE_CREDENTIAL (secret, for the caller alone) and the " +
    "entry to add to TRUSTED_CALLERS of the services it calls. Runs locally; calls no service. For an internal team, " +
    "also grant it methods with CALLER_GRANTS on each service (README, Calling services directly).",
  args: [{ key: "caller", label: "<caller>", description: "The caller's name, e.g. booking, admin or reports" }],
  flags: { "key-id": { type: "string", value: "<id>", description: "The key's id (default: today's date and a random suffix)" } },
  examples: ["pnpm admin credentials new reports", "pnpm admin credentials new booking --key-id 2026-11 --json"],
  input: z.object({
    caller,
    "key-id": z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "1 to 64 letters, digits or . _ -")
      .optional(),
  }),
  run(input) {
    const credential = newCredential(input.caller, input["key-id"]);
    const secret = formatCredential(credential);
    const entry = trustEntryOf(credential);
    return Promise.resolve({
      json: { caller: credential.caller, key_id: credential.kid, service_credential: secret, trusted_callers_entry: entry },
      text: `SERVICE_CREDENTIAL of ${credential.caller} (secret):\n${secret}\n\nAdd to TRUSTED_CALLERS of the services it calls:\n${entry}`,
    });
  },
});

export const credentialsInit = defineCommand({
  group: "credentials",
  name: "init",
  summary: "Make every platform caller's credential, as .env lines",
  description:
    "Makes a credential for each of the platform's callers (gateway, search, fare, booking, wallet, auth, airline, admin) and " +
    "prints them as <NAME>_CREDENTIAL=... lines plus the TRUSTED_CALLERS line every service reads: the input of " +
    "deploy/.env for compose, or of the chart's Secret. Runs locally; calls no service.",
  args: [],
  flags: {},
  examples: ["pnpm admin credentials init >> deploy/.env"],
  input: z.object({}),
  run() {
    const credentials = PLATFORM_CALLERS.map((name) => newCredential(name));
    const lines = [
      ...credentials.map((c) => `${c.caller.toUpperCase()}_CREDENTIAL=${formatCredential(c)}`),
      `TRUSTED_CALLERS=${credentials.map(trustEntryOf).join(",")}`,
    ];
    return Promise.resolve({
      json: {
        credentials: Object.fromEntries(credentials.map((c) => [c.caller, formatCredential(c)])),
        trusted_callers: lines.at(-1)?.slice(16),
      },
      text: lines.join("\n"),
    });
  },
});

const SERVICES: Readonly<Record<string, string>> = {
  search: "tarmac.search.v1.SearchService",
  fare: "tarmac.fare.v1.FareService",
  booking: "tarmac.booking.v1.BookingService",
  wallet: "tarmac.wallet.v1.WalletService",
  auth: "tarmac.auth.v1.AuthService",
  airline: "tarmac.airline.v1.AirlineService",
};

export const credentialsToken = defineCommand({
  group: "credentials",
  name: "token",
  summary: "Print a 5-minute caller token for grpcurl, buf curl or curl",
  description:
    "Signs a caller token (an EdDSA JWT) for one service with SERVICE_CREDENTIAL, or in development with the development " +
    "admin credential, for tools that cannot sign their own: pass it as 'authorization: Bearer <token>'. It is valid for " +
    "5 minutes and only for that service. Runs locally; calls no service.",
  args: [{ key: "service", label: "<service>", description: "search, fare, booking, wallet, auth or airline" }],
  flags: {},
  examples: ['grpcurl -plaintext -H "authorization: Bearer $(pnpm --silent admin credentials token wallet)" 127.0.0.1:50054 list'],
  input: z.object({ service: z.enum(Object.keys(SERVICES) as [string, ...string[]]) }),
  async run(input, { env }) {
    const credential = adminCredential(env);
    const audience = SERVICES[input.service] ?? "";
    const token = await new CallerTokenIssuer(credential).tokenFor(audience);
    return { json: { caller: credential.caller, audience, token, expires_in_seconds: 300 }, text: token };
  },
});
