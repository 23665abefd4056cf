import { defined } from "@tarmac/kernel";
import { createHash, randomInt } from "node:crypto";

/** `tk_live_` for production agents, `tk_test_` for sandbox agents. */
export type ApiKeyPrefix = "tk_live_" | "tk_test_";

export const KEY_ID_LENGTH = 8;
export const KEY_SECRET_LENGTH = 32;

const API_KEY_PATTERN = /^(tk_live_|tk_test_)([A-Za-z0-9]{8})_([A-Za-z0-9]{32})$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export interface ParsedApiKey {
  readonly prefix: ApiKeyPrefix;
  /** Public part: names the key in listings and logs, and finds its record. */
  readonly keyId: string;
  readonly sandbox: boolean;
}

/** The key's parts, or undefined when it does not have the documented shape. */
export function parseApiKey(apiKey: string): ParsedApiKey | undefined {
  const match = API_KEY_PATTERN.exec(apiKey);
  if (!match) return undefined;
  const prefix = match[1] as ApiKeyPrefix;
  return { prefix, keyId: defined(match[2], "key id"), sandbox: prefix === "tk_test_" };
}

export function isSandboxApiKey(apiKey: string): boolean {
  return parseApiKey(apiKey)?.sandbox === true;
}

/** A new key from a cryptographically secure source; shown once, then only its hash is kept. */
export function generateApiKey(sandbox: boolean): string {
  const prefix: ApiKeyPrefix = sandbox ? "tk_test_" : "tk_live_";
  return `${prefix}${randomString(KEY_ID_LENGTH)}_${randomString(KEY_SECRET_LENGTH)}`;
}

/** SHA-256 (hex) of the whole key. Keys carry 190 bits of entropy, so a fast hash is enough. */
export function hashApiKey(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

function randomString(length: number): string {
  let out = "";
  // randomInt draws without modulo bias.
  for (let i = 0; i < length; i++) out += ALPHABET.charAt(randomInt(ALPHABET.length));
  return out;
}
