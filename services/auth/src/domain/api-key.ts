import { createHash, randomInt } from "node:crypto";
import { API_KEY_ID_LENGTH, API_KEY_SECRET_LENGTH, CREDENTIAL_ALPHABET, parseApiKey, type ApiKeyPrefix } from "@tarmac/kernel";

// The key's shape is the kernel's (credential-formats.ts), shared with the gateway.
export { parseApiKey } from "@tarmac/kernel";

export function isSandboxApiKey(apiKey: string): boolean {
  return parseApiKey(apiKey)?.sandbox === true;
}

/** A new key from a cryptographically secure source; shown once, then only its hash is kept. */
export function generateApiKey(sandbox: boolean): string {
  const prefix: ApiKeyPrefix = sandbox ? "tk_test_" : "tk_live_";
  return `${prefix}${randomString(API_KEY_ID_LENGTH)}_${randomString(API_KEY_SECRET_LENGTH)}`;
}

/** SHA-256 (hex) of the whole key. Keys carry 190 bits of entropy, so a fast hash is enough. */
export function hashApiKey(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

function randomString(length: number): string {
  let out = "";
  // randomInt draws without modulo bias.
  for (let i = 0; i < length; i++) out += CREDENTIAL_ALPHABET.charAt(randomInt(CREDENTIAL_ALPHABET.length));
  return out;
}
