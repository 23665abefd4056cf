import { createPublicKey } from "node:crypto";
import { z } from "zod";
import {
  developmentCredential,
  developmentTrustedCallers,
  isDevelopmentKey,
  parseCredential,
  parseTrustedCallers,
  type CallerCredential,
  type TrustedCallers,
} from "./credentials.js";
import { parseCallerGrants, type CallerGrants } from "./policy.js";

const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Variables of every process that calls or serves RPCs. */
export const callerAuthEnv = {
  /** This process's signing key, "<caller>:<kid>:<base64url PKCS#8 Ed25519 key>"; development derives one from the name. */
  SERVICE_CREDENTIAL: optionalText(),
  /** The public keys this service accepts, "<caller>:<kid>:<base64url SPKI key>", comma-separated. */
  TRUSTED_CALLERS: optionalText(),
  /** Extra callers of this service's methods (internal teams): "<caller>=<Method>,<Method>;...". */
  CALLER_GRANTS: optionalText(),
};

type CallerAuthVars = { TARMAC_ENV: string } & { [K in keyof typeof callerAuthEnv]?: string | undefined };

/** The caller-authentication part of a parsed configuration. */
export interface CallerAuthConfig {
  readonly credential: CallerCredential;
  readonly trusted: TrustedCallers;
  readonly grants: CallerGrants;
  /** Signs with the development credential anyone can derive: main.ts says so loudly. */
  readonly usesDevelopmentCredential: boolean;
}

function attempt<T>(ctx: z.RefinementCtx, variable: string, parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    ctx.addIssue({ code: "custom", path: [variable], message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/**
 * Checks the variables for the process named `caller`: each parses, the credential is this
 * process's own, and production has both set and neither holds a development key.
 */
export function checkCallerAuth(vars: CallerAuthVars, ctx: z.RefinementCtx, caller: string): void {
  const production = vars.TARMAC_ENV === "production";
  const required = (variable: string, why: string) =>
    ctx.addIssue({ code: "custom", path: [variable], message: `is required in production (${why})` });
  if (vars.SERVICE_CREDENTIAL === undefined) {
    if (production) required("SERVICE_CREDENTIAL", "the development credential can be derived by anyone");
  } else {
    const credential = attempt(ctx, "SERVICE_CREDENTIAL", () => parseCredential(vars.SERVICE_CREDENTIAL ?? ""));
    if (credential && credential.caller !== caller) {
      ctx.addIssue({
        code: "custom",
        path: ["SERVICE_CREDENTIAL"],
        message: `is the credential of "${credential.caller}", not of "${caller}"`,
      });
    }
    if (credential && production && isDevelopmentKey(credential.caller, createPublicKey(credential.privateKey))) {
      ctx.addIssue({ code: "custom", path: ["SERVICE_CREDENTIAL"], message: "must be a credential of your own in production" });
    }
  }
  if (vars.TRUSTED_CALLERS === undefined) {
    if (production) required("TRUSTED_CALLERS", "development trusts keys anyone can derive");
  } else {
    const trusted = attempt(ctx, "TRUSTED_CALLERS", () => parseTrustedCallers(vars.TRUSTED_CALLERS ?? ""));
    const weak = [...(trusted ?? [])].filter(([name, keys]) => [...keys.values()].some((key) => isDevelopmentKey(name, key)));
    if (production && weak.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["TRUSTED_CALLERS"],
        message: `holds development keys (${weak.map(([name]) => name).join(", ")})`,
      });
    }
  }
  if (vars.CALLER_GRANTS !== undefined) attempt(ctx, "CALLER_GRANTS", () => parseCallerGrants(vars.CALLER_GRANTS ?? ""));
}

/** Builds the configuration once checkCallerAuth passed. */
export function callerAuthConfig(vars: CallerAuthVars, caller: string): CallerAuthConfig {
  return {
    credential: vars.SERVICE_CREDENTIAL ? parseCredential(vars.SERVICE_CREDENTIAL) : developmentCredential(caller),
    trusted: vars.TRUSTED_CALLERS ? parseTrustedCallers(vars.TRUSTED_CALLERS) : developmentTrustedCallers(),
    grants: vars.CALLER_GRANTS ? parseCallerGrants(vars.CALLER_GRANTS) : new Map(),
    usesDevelopmentCredential: vars.SERVICE_CREDENTIAL === undefined,
  };
}
