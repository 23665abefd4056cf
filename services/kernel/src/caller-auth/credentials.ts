import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

/** What a process signs its calls with: its caller name, the key's id (for rotation) and the Ed25519 private key. */
export interface CallerCredential {
  readonly caller: string;
  readonly kid: string;
  readonly privateKey: KeyObject;
}

/** The public keys a service accepts, by caller name, then key id (several while a key rotates). */
export type TrustedCallers = ReadonlyMap<string, ReadonlyMap<string, KeyObject>>;

const CALLER_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
// An Ed25519 private key in PKCS#8 DER is this fixed prefix followed by its 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The services and tools of this repository, each a caller of some other service. */
export const PLATFORM_CALLERS = ["gateway", "search", "fare", "booking", "wallet", "auth", "airline", "webhooks", "admin"] as const;

/** Key id of the development credentials: their private keys follow from the caller's name. */
export const DEVELOPMENT_KEY_ID = "dev";

function splitEntry(text: string, what: string): [string, string, Buffer] {
  const [caller = "", kid = "", key = "", ...rest] = text.trim().split(":");
  if (rest.length > 0 || !CALLER_NAME.test(caller) || !KEY_ID.test(kid) || !/^[A-Za-z0-9_-]+$/.test(key)) {
    throw new Error(`a ${what} is "<caller>:<key id>:<base64url key>" (caller: lower-case letters, digits and -)`);
  }
  return [caller, kid, Buffer.from(key, "base64url")];
}

/** Parses "<caller>:<kid>:<base64url PKCS#8 DER Ed25519 private key>" (SERVICE_CREDENTIAL). */
export function parseCredential(text: string): CallerCredential {
  const [caller, kid, der] = splitEntry(text, "credential");
  const privateKey = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("a credential's key must be an Ed25519 private key");
  return { caller, kid, privateKey };
}

export function formatCredential({ caller, kid, privateKey }: CallerCredential): string {
  return `${caller}:${kid}:${privateKey.export({ format: "der", type: "pkcs8" }).toString("base64url")}`;
}

/** "<caller>:<kid>:<base64url SPKI DER public key>": what the called services must trust for this credential. */
export function trustEntryOf({ caller, kid, privateKey }: CallerCredential): string {
  return `${caller}:${kid}:${createPublicKey(privateKey).export({ format: "der", type: "spki" }).toString("base64url")}`;
}

/** Parses TRUSTED_CALLERS: trust entries separated by commas or white space. */
export function parseTrustedCallers(text: string): TrustedCallers {
  const trusted = new Map<string, Map<string, KeyObject>>();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [caller, kid, der] = splitEntry(entry, "trusted caller");
    const publicKey = createPublicKey({ key: der, format: "der", type: "spki" });
    if (publicKey.asymmetricKeyType !== "ed25519") throw new Error(`the key of ${caller}:${kid} must be an Ed25519 public key`);
    const keys = trusted.get(caller) ?? new Map<string, KeyObject>();
    keys.set(kid, publicKey);
    trusted.set(caller, keys);
  }
  return trusted;
}

/** A fresh key pair for a caller; the key id defaults to today's date and a random suffix. */
export function newCredential(
  caller: string,
  kid = `${new Date().toISOString().slice(0, 10)}-${randomBytes(3).toString("hex")}`,
): CallerCredential {
  if (!CALLER_NAME.test(caller)) throw new Error("a caller name is lower-case letters, digits and -, starting with a letter");
  if (!KEY_ID.test(kid)) throw new Error("a key id is 1 to 64 letters, digits or . _ -");
  return { caller, kid, privateKey: generateKeyPairSync("ed25519").privateKey };
}

/**
 * Development only: a credential whose private key follows from the caller's name, so every
 * process of a development system trusts every other without configuration. Anyone can derive
 * it (this code is public), so production refuses it.
 */
export function developmentCredential(caller: string): CallerCredential {
  // Made once per caller name: a one-process stack asks for each in every service it starts.
  let credential = developmentCredentials.get(caller);
  if (credential === undefined) {
    const seed = createHash("sha256").update(`tarmac development caller credential: ${caller}`).digest();
    const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
    credential = { caller, kid: DEVELOPMENT_KEY_ID, privateKey };
    developmentCredentials.set(caller, credential);
  }
  return credential;
}

const developmentCredentials = new Map<string, CallerCredential>();

/** Development only: the platform's callers with their development keys (the same map for every service). */
export function developmentTrustedCallers(): TrustedCallers {
  developmentTrusted ??= parseTrustedCallers(PLATFORM_CALLERS.map((caller) => trustEntryOf(developmentCredential(caller))).join(","));
  return developmentTrusted;
}

let developmentTrusted: TrustedCallers | undefined;

/** True when this public key is the development key of that caller name (public knowledge). */
export function isDevelopmentKey(caller: string, publicKey: KeyObject): boolean {
  return createPublicKey(developmentCredential(caller).privateKey).equals(publicKey);
}
