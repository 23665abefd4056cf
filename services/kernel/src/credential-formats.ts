/**
 * The one definition of each credential's shape, shared by the auth service (which issues and
 * verifies them) and the gateway (which refuses malformed ones without asking auth). See the API
 * guide, "Authentication".
 */

/** `tk_live_` for production agents, `tk_test_` for sandbox agents. */
export type ApiKeyPrefix = "tk_live_" | "tk_test_";

export const API_KEY_ID_LENGTH = 8;
export const API_KEY_SECRET_LENGTH = 32;
export const SESSION_TOKEN_PREFIX = "tk_sess_";
export const SESSION_TOKEN_SECRET_LENGTH = 43;

/** Letters and digits only: every secret is drawn from this alphabet. */
export const CREDENTIAL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

const API_KEY_PATTERN = /^(tk_live_|tk_test_)([A-Za-z0-9]{8})_([A-Za-z0-9]{32})$/;
const SESSION_TOKEN_PATTERN = /^tk_sess_[A-Za-z0-9]{43}$/;

export interface ParsedApiKey {
  readonly prefix: ApiKeyPrefix;
  /** Public part: names the key in listings and logs, and finds its record. */
  readonly keyId: string;
  readonly sandbox: boolean;
}

/** `tk_live_<8>_<32>` or `tk_test_<8>_<32>`: the key's parts, or undefined for any other shape. */
export function parseApiKey(apiKey: string): ParsedApiKey | undefined {
  const match = API_KEY_PATTERN.exec(apiKey);
  if (!match?.[1] || !match[2]) return undefined;
  const prefix = match[1] as ApiKeyPrefix;
  return { prefix, keyId: match[2], sandbox: prefix === "tk_test_" };
}

/** `tk_sess_` and 43 letters or digits. */
export function isSessionTokenFormat(token: string): boolean {
  return SESSION_TOKEN_PATTERN.test(token);
}
