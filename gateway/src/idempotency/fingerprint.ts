import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does) and no
 * whitespace, so two bodies that parse to the same value give the same text, however they were
 * spaced or ordered. Array order is kept: it means something.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  // JSON.stringify answers undefined (not a string) for undefined, functions and symbols.
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return "null";
  return JSON.stringify(value);
}

/**
 * What makes two requests "the same request" for an Idempotency-Key: method, URL (with any query)
 * and the parsed body. SHA-256 hex, so records stay small whatever the body's size.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const canonicalBody = body === undefined ? "" : canonicalJson(body);
  return createHash("sha256").update(`${method} ${url}\n${canonicalBody}`).digest("hex");
}
