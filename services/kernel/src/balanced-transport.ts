import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Transport } from "@connectrpc/connect";
import { z } from "zod";
import { commonEnv, parseConfig } from "./config.js";

/** A host name's addresses, as the system resolver gives them (a headless Service: one per ready pod). */
export type ResolveAddresses = (hostname: string) => Promise<readonly string[]>;

const systemResolver: ResolveAddresses = async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address);

export interface BalancingOptions {
  /** Default: the system resolver (dns.lookup, all addresses). */
  readonly resolve?: ResolveAddresses;
  /** How often the name is resolved again, so pods the autoscaler adds get calls; default 5 s. */
  readonly refreshMs?: number;
}

/**
 * Spreads a peer's calls round-robin over every address its host name resolves to, one transport
 * (HTTP/2 session) per address, resolving the name again every `refreshMs`.
 *
 * Why: gRPC keeps one HTTP/2 connection open and sends every call over it. Behind a ClusterIP
 * Service, kube-proxy balances connections, not calls, so each client pod stays pinned to the
 * server pod its connection reached, and pods added later get nothing from existing clients.
 * Pointed at a headless Service (one DNS record per ready pod), this spreads calls over all pods.
 * A name with one address (a ClusterIP Service, a compose host, localhost) is called by name,
 * as before; so is an IP address. Until the first resolution and while resolution fails, calls go
 * to the name too (the last known addresses are kept on a failed refresh). An address that left
 * the records gets no new calls; its session closes when idle, so calls in flight finish.
 */
export function balancedTransport(baseUrl: string, connect: (url: string) => Transport, options: BalancingOptions = {}): Transport {
  const url = new URL(baseUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const byName = connect(baseUrl);
  if (isIP(hostname) !== 0) return byName;
  const resolve = options.resolve ?? systemResolver;
  const byAddress = new Map<string, Transport>();
  let targets: readonly Transport[] = [byName];
  let next = 0;
  const refresh = async () => {
    let addresses: readonly string[];
    try {
      addresses = [...new Set(await resolve(hostname))].sort();
    } catch {
      return; // Keep what we had: the name's own transport, or the last addresses.
    }
    if (addresses.length < 2) {
      byAddress.clear();
      targets = [byName];
      return;
    }
    for (const address of [...byAddress.keys()]) if (!addresses.includes(address)) byAddress.delete(address);
    targets = addresses.map((address) => {
      const known = byAddress.get(address);
      if (known) return known;
      const made = connect(urlAt(url, address));
      byAddress.set(address, made);
      return made;
    });
  };
  let first: Promise<void> | undefined = refresh().finally(() => {
    first = undefined;
  });
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 5_000);
  timer.unref();
  const pick = async (): Promise<Transport> => {
    if (first) await first;
    next = (next + 1) % targets.length;
    return targets[next] ?? byName;
  };
  return {
    unary: async (...args) => (await pick()).unary(...args),
    stream: async (...args) => (await pick()).stream(...args),
  };
}

/** `url` with its host replaced by `address` (bracketed when IPv6), port and path kept. */
function urlAt(url: URL, address: string): string {
  const at = new URL(url.href);
  at.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return at.href.replace(/\/$/, url.href.endsWith("/") ? "/" : "");
}

const switchSchema = z.object({ TARMAC_PEER_BALANCING: commonEnv.TARMAC_PEER_BALANCING });
let processSetting: boolean | undefined;

/** TARMAC_PEER_BALANCING of the process (read once, like TARMAC_GRPC_FAST_PATH): whether peer clients balance. */
export function peerBalancingEnabled(): boolean {
  return (processSetting ??= parseConfig(switchSchema, process.env).TARMAC_PEER_BALANCING === "round-robin");
}
