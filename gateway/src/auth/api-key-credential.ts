import { DomainError, parseApiKey } from "@tarmac/kernel";
import type { ServiceClients } from "../clients.js";
import { type Credential, requireActiveAgent } from "./credential.js";
import { CredentialVerifier } from "./credential-verifier.js";

const API_KEY_HEADER = "x-api-key";

/** X-API-Key, the primary surface's credential, verified by `verifier` (apiKeyVerifier). */
export function apiKeyCredential(verifier: CredentialVerifier): Credential {
  return {
    noun: "API key",
    read: (request) => {
      const value = request.headers[API_KEY_HEADER];
      return typeof value === "string" && value !== "" ? value : undefined;
    },
    wellFormed: (value) => parseApiKey(value) !== undefined,
    missing: () => new DomainError("AUTH_MISSING_CREDENTIALS", "The X-API-Key header is required"),
    malformed: () => new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key"),
    verifier,
  };
}

/** API keys verified by auth's VerifyApiKey, successes cached for `cacheTtlMs`. */
export function apiKeyVerifier(auth: ServiceClients["auth"], cacheTtlMs: number): CredentialVerifier {
  const verify = async (apiKey: string) => {
    const verified = await auth.verifyApiKey({ apiKey });
    requireActiveAgent(verified.agentStatus);
    return { agentId: verified.agentId, keyId: verified.keyId, scopes: verified.scopes, tier: verified.agentTier };
  };
  return new CredentialVerifier(verify, { ttlMs: cacheTtlMs });
}
