import { createHmac, timingSafeEqual } from "node:crypto";

const MAC_BYTES = 32;

/**
 * HMAC-SHA256 signed tokens (cursors, fare tokens, ancillary tokens). The token is one Base64url
 * string: the MAC followed by the JSON payload, so it cannot be altered or forged without the key.
 */
export interface Signer {
  sign(payload: unknown): string;
  /** The payload, or undefined for anything malformed, altered or signed with another key. */
  verify(token: string): unknown;
}

export function createSigner(secret: string, purpose: string): Signer {
  // The purpose is mixed into the key so a cursor can never pass as a fare token.
  const key = createHmac("sha256", secret).update(purpose).digest();
  const mac = (body: Buffer) => createHmac("sha256", key).update(body).digest();
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload), "utf8");
      return Buffer.concat([mac(body), body]).toString("base64url");
    },
    verify(token) {
      if (typeof token !== "string" || token.length === 0 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
      const raw = Buffer.from(token, "base64url");
      // Non-canonical spellings of the same bytes count as altered.
      if (raw.length <= MAC_BYTES || raw.toString("base64url") !== token) return undefined;
      const body = raw.subarray(MAC_BYTES);
      if (!timingSafeEqual(raw.subarray(0, MAC_BYTES), mac(body))) return undefined;
      try {
        return JSON.parse(body.toString("utf8")) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}
