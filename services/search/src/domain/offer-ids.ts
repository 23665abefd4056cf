import { createHash } from "node:crypto";

const HASH_CHARS = 20;

/**
 * `off_` + a short hash of the search id and the provider's key: stable for a cached search, and
 * meaningless outside it. 80 bits make a collision within one search practically impossible; the
 * allocator still re-hashes on one, so ids stay unique whatever the provider returns.
 */
function offerIdFor(searchId: string, provider: string, providerKey: string, attempt = 0): string {
  const hash = createHash("sha256").update(`${searchId}\u0000${provider}\u0000${providerKey}\u0000${attempt}`);
  return `off_${hash.digest("hex").slice(0, HASH_CHARS)}`;
}

/** Hands out offer ids unique within one search. */
export function offerIdAllocator(searchId: string): (provider: string, providerKey: string) => string {
  const taken = new Set<string>();
  return (provider, providerKey) => {
    for (let attempt = 0; ; attempt++) {
      const id = offerIdFor(searchId, provider, providerKey, attempt);
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
}
