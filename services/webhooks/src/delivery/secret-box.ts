import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Endpoint secrets at rest (README, Webhooks, Secrets at rest): AES-256-GCM under a key from
 * `WEBHOOK_SECRET_KEY`, a random 12-byte IV per seal, and the endpoint id (with the format version
 * and key id) as additional authenticated data, so a sealed secret copied onto another endpoint
 * does not open. Encrypted, not hashed: the dispatcher needs the secret itself to compute the HMAC.
 *
 * Sealed form: `v1.<kid>.<iv, base64url>.<ciphertext and 16-byte tag, base64url>`. The key id names
 * the key that sealed it, so keys can rotate: the new key seals, old keys still open.
 */
export interface SecretBox {
  /** The key id new seals use. */
  readonly currentKid: string;
  seal(endpointId: string, secret: string): string;
  /** The secret, or throws {@link SecretBoxError} (unknown key, wrong endpoint, tampered, malformed). */
  open(endpointId: string, sealed: string): string;
  /** True when the secret was sealed by another key than the current one (re-seal it during a key rotation). */
  needsReseal(sealed: string): boolean;
}

export interface SecretBoxKey {
  /** Letters, digits, `_` and `-`, at most 32 characters. */
  readonly kid: string;
  /** 32 bytes, or their text: 64 hex digits or 43 base64url characters. */
  readonly key: string | Uint8Array;
}

/** Never carries the secret or the key. */
export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

export function createSecretBox(keys: readonly SecretBoxKey[], currentKid: string): SecretBox {
  const byKid = new Map<string, Buffer>();
  for (const { kid, key } of keys) {
    if (!KID_PATTERN.test(kid)) throw new SecretBoxError(`Key id ${JSON.stringify(kid)} is not 1 to 32 letters, digits, _ or -.`);
    if (byKid.has(kid)) throw new SecretBoxError(`Key id ${kid} is given twice.`);
    byKid.set(kid, typeof key === "string" ? parseSecretKey(key) : checkKeyLength(Buffer.from(key)));
  }
  const current = byKid.get(currentKid);
  if (!current) throw new SecretBoxError(`The current key id ${currentKid} is not among the keys.`);

  return {
    currentKid,
    seal(endpointId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(currentKid, endpointId));
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, currentKid, iv.toString("base64url"), sealed.toString("base64url")].join(".");
    },
    open(endpointId, sealed) {
      const parts = sealed.split(".");
      const [version, kid, ivText, bodyText] = parts;
      if (parts.length !== 4 || version !== VERSION || kid === undefined || ivText === undefined || bodyText === undefined) {
        throw new SecretBoxError("The sealed secret is malformed.");
      }
      const key = byKid.get(kid);
      if (!key) throw new SecretBoxError(`The sealed secret names key ${kid}, which is not configured.`);
      if (!BASE64URL_PATTERN.test(ivText) || !BASE64URL_PATTERN.test(bodyText)) {
        throw new SecretBoxError("The sealed secret is malformed.");
      }
      const iv = Buffer.from(ivText, "base64url");
      const body = Buffer.from(bodyText, "base64url");
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError("The sealed secret is malformed.");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(additionalData(kid, endpointId));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("The sealed secret does not open: another endpoint's, or altered.");
      }
    },
    needsReseal(sealed) {
      return sealed.split(".")[1] !== currentKid;
    },
  };
}

/**
 * The box from configuration: `current` is `WEBHOOK_SECRET_KEY`, `previous` (optional) a
 * comma-separated list of retired keys that still open old seals. Each entry is `<kid>:<key>` or a
 * bare key, whose kid is then the first 8 hex digits of the key's SHA-256 (so a bare key needs no
 * separate id, and rotating is: move the old key to `previous`, put a new one in `current`).
 */
export function secretBoxFromConfig(current: string, previous = ""): SecretBox {
  const entries = [current, ...previous.split(",")].map((entry) => entry.trim()).filter((entry) => entry !== "");
  const keys = entries.map(parseKeyEntry);
  const first = keys[0];
  if (!first) throw new SecretBoxError("WEBHOOK_SECRET_KEY is not set.");
  return createSecretBox(keys, first.kid);
}

function parseKeyEntry(entry: string): SecretBoxKey {
  const colon = entry.indexOf(":");
  if (colon !== -1) return { kid: entry.slice(0, colon), key: parseSecretKey(entry.slice(colon + 1)) };
  const key = parseSecretKey(entry);
  return { kid: keyFingerprint(key), key };
}

/** First 8 hex digits of the key's SHA-256: names a key without revealing it. */
export function keyFingerprint(key: Uint8Array): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** 32 bytes from 64 hex digits or 43 base64url characters (standard base64 with `=` accepted too). */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9_-]{43}$/.test(trimmed) || /^[A-Za-z0-9+/]{43}=$/.test(trimmed)) {
    return checkKeyLength(Buffer.from(trimmed, "base64url"));
  }
  throw new SecretBoxError("WEBHOOK_SECRET_KEY must be 32 bytes: 64 hex digits or 43 base64url characters.");
}

function checkKeyLength(key: Buffer): Buffer {
  if (key.length !== 32) throw new SecretBoxError("WEBHOOK_SECRET_KEY must be 32 bytes.");
  return key;
}

function additionalData(kid: string, endpointId: string): Buffer {
  return Buffer.from(`tarmac.webhooks.endpoint-secret.${VERSION}.${kid}.${endpointId}`, "utf8");
}
