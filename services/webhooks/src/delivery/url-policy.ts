import type { LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";

/** Longest URL an endpoint may register. */
const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlCheck = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string };

export interface UrlPolicyOptions {
  /** Development only: `http://127.0.0.1`, `http://[::1]` and `http://localhost` are accepted. */
  readonly allowLoopbackHttp: boolean;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * The URL's syntax (README, Webhooks, Endpoint URLs): absolute, `https` (plain `http` only to a
 * loopback host when `allowLoopbackHttp`), no user name or password, no fragment. Where it points
 * is checked by {@link resolvePublicAddress}, when registered and again before every delivery.
 */
export function checkWebhookUrl(url: string, options: UrlPolicyOptions): UrlCheck {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  if (url !== url.trim()) return refuse("has spaces around it");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("is not an absolute URL");
  }
  if (parsed.protocol === "http:") {
    if (!options.allowLoopbackHttp) return refuse("must use https");
    if (!LOOPBACK_HOSTS.has(parsed.hostname)) {
      return refuse("must use https (plain http is allowed for 127.0.0.1, [::1] and localhost in development only)");
    }
  } else if (parsed.protocol !== "https:") {
    return refuse("must use https");
  }
  if (parsed.hostname === "") return refuse("has no host");
  if (parsed.username !== "" || parsed.password !== "") return refuse("must not carry a user name or password");
  if (parsed.href.includes("#")) return refuse("must not have a fragment");
  return { ok: true, url: parsed };
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason: `The URL ${reason}.` };
}

/** Why an address is not public. */
export type AddressKind =
  "public" | "loopback" | "private" | "link-local" | "metadata" | "unspecified" | "shared (CGNAT)" | "multicast" | "reserved";

export type ResolvedAddress = { readonly address: string; readonly family: 4 | 6 } | { readonly refused: string };

export interface ResolveOptions {
  /** Development only: loopback addresses are accepted; private and metadata ones still are not. */
  readonly allowLoopback: boolean;
  /** Replaces `dns.promises.lookup` (tests). */
  readonly lookup?: typeof dns.lookup;
}

/**
 * Resolves the URL's host to every address it has and refuses the URL if ANY of them is not
 * public (a host with one public and one private address could be sent to the private one). An IP
 * literal is checked as it is, without DNS. The answer is the address the sender must connect to
 * (http-sender pins it), so a second lookup cannot swap in another one (DNS rebinding): the first
 * IPv4 address if there is one, else the first IPv6 one.
 */
export async function resolvePublicAddress(url: URL, options: ResolveOptions): Promise<ResolvedAddress> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (host === "") return { refused: "The URL has no host." };
  let addresses: readonly LookupAddress[];
  const literal = isIP(host);
  if (literal === 4 || literal === 6) {
    addresses = [{ address: host, family: literal }];
  } else {
    const lookup = options.lookup ?? dns.lookup;
    try {
      addresses = await lookup(host, { all: true, order: "verbatim" });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "lookup failed";
      return { refused: `The host ${host} does not resolve (${code}).` };
    }
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === "public" || (kind === "loopback" && options.allowLoopback)) continue;
    return { refused: `The host ${host} resolves to a ${kind} address (${address}); webhooks go to public addresses only.` };
  }
  // One address is pinned, so no falling back to another family: IPv4 first, as more hosts reach it.
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  if (!chosen) return { refused: `The host ${host} does not resolve.` };
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** Cloud metadata and host agents reachable from inside a VM (AWS, GCP, Azure, Alibaba, Oracle). */
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "168.63.129.16", "100.100.100.200", "192.0.0.192"]);
const METADATA_V6 = new Set(["fd00:ec2::254", "fd00:ec2::23"]);

/** IPv4 ranges that are not public, most specific first where they nest. */
const V4_RANGES: readonly (readonly [base: number, bits: number, kind: AddressKind])[] = (
  [
    ["0.0.0.0", 8, "unspecified"],
    ["10.0.0.0", 8, "private"],
    ["100.64.0.0", 10, "shared (CGNAT)"],
    ["127.0.0.0", 8, "loopback"],
    ["169.254.0.0", 16, "link-local"],
    ["172.16.0.0", 12, "private"],
    ["192.0.0.0", 24, "reserved"],
    ["192.0.2.0", 24, "reserved"],
    ["192.88.99.0", 24, "reserved"],
    ["192.168.0.0", 16, "private"],
    ["198.18.0.0", 15, "reserved"],
    ["198.51.100.0", 24, "reserved"],
    ["203.0.113.0", 24, "reserved"],
    ["224.0.0.0", 4, "multicast"],
    ["240.0.0.0", 4, "reserved"],
  ] as const
).map(([base, bits, kind]) => [parseV4(base) ?? 0, bits, kind] as const);

/** What kind of address this is; anything that is not `public` is refused (loopback allowed in development). */
export function classifyAddress(address: string): AddressKind {
  const bare = stripZone(address);
  const family = isIP(bare);
  const v4 = family === 4 ? parseV4(bare) : undefined;
  if (v4 !== undefined) return classifyV4(v4);
  const v6 = family === 6 ? parseV6(bare) : undefined;
  if (v6 !== undefined) return classifyV6(v6);
  return "reserved";
}

function classifyV4(value: number): AddressKind {
  if (METADATA_V4.has(formatV4(value))) return "metadata";
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === (base & mask) >>> 0) return kind;
  }
  return "public";
}

function classifyV6(words: readonly number[]): AddressKind {
  const w = (i: number): number => words[i] ?? 0;
  const embeddedV4 = (from: number): number => ((w(from) << 16) | w(from + 1)) >>> 0;
  const zeros = (from: number, to: number): boolean => words.slice(from, to).every((word) => word === 0);

  if (zeros(0, 8)) return "unspecified";
  if (zeros(0, 7) && w(7) === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address: judge that.
  if (zeros(0, 5) && w(5) === 0xffff) return classifyV4(embeddedV4(6));
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix) reaches the IPv4 address through the translator.
  if (w(0) === 0x64 && w(1) === 0xff9b && zeros(2, 6)) return classifyV4(embeddedV4(6));
  // 2002:a.b.c.d::/48 (6to4) is routed to the IPv4 address.
  if (w(0) === 0x2002) return classifyV4(embeddedV4(1));
  if (METADATA_V6.has(formatV6(words))) return "metadata";
  if ((w(0) & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((w(0) & 0xffc0) === 0xfe80) return "link-local"; // fe80::/10
  if ((w(0) & 0xffc0) === 0xfec0) return "private"; // fec0::/10 site-local (deprecated)
  if ((w(0) & 0xff00) === 0xff00) return "multicast"; // ff00::/8
  // Global unicast is 2000::/3; everything else (IPv4-compatible ::a.b.c.d, 64:ff9b:1::/48, 100::/64 ...) is reserved.
  if ((w(0) & 0xe000) !== 0x2000) return "reserved";
  if (w(0) === 0x2001 && w(1) < 0x0200) return "reserved"; // 2001::/23: Teredo, ORCHID, benchmarking ...
  if (w(0) === 0x2001 && w(1) === 0x0db8) return "reserved"; // documentation
  if ((w(0) & 0xfff0) === 0x3ff0) return "reserved"; // 3fff::/20 documentation
  return "public";
}

function stripZone(address: string): string {
  const percent = address.indexOf("%");
  return percent === -1 ? address : address.slice(0, percent);
}

/** The address as an unsigned 32-bit number, or undefined. */
function parseV4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  let value = 0;
  for (const part of parts) {
    const byte = Number(part);
    if (byte > 255) return undefined;
    value = value * 256 + byte;
  }
  return value;
}

function formatV4(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join(".");
}

/** Eight 16-bit words, or undefined; accepts `::` and a trailing dotted quad. */
function parseV6(text: string): number[] | undefined {
  let source = text;
  const lastColon = source.lastIndexOf(":");
  const tail = source.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseV4(tail);
    if (v4 === undefined) return undefined;
    source = `${source.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = source.split("::");
  if (halves.length > 2) return undefined;
  const words = (half: string | undefined): number[] =>
    half === undefined || half === "" ? [] : half.split(":").map((group) => (/^[0-9a-fA-F]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  const head = words(halves[0]);
  const rest = words(halves[1]);
  if ([...head, ...rest].some(Number.isNaN)) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  if (head.length + rest.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/** RFC 5952 text: lower case, the longest run of two or more zero words as `::`. */
function formatV6(words: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && words[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = words.map((word) => word.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}
