import { createHash } from "node:crypto";
import { idCreatedAt } from "@tarmac/kernel";

const HASH_CHARS = 20;
/** A ULID's first 10 characters: its creation time in milliseconds, Crockford Base32. */
const TIME_CHARS = 10;
const ULID = /^srch_([0-7][0-9A-HJKMNP-TV-Z]{9})[0-9A-HJKMNP-TV-Z]{16}$/;
const OFFER_ID = /^off_([0-7][0-9A-HJKMNP-TV-Z]{9})[0-9a-f]{20}$/;

/**
 * `off_` + the search's creation time (the first 10 characters of its ULID) + a short hash of the
 * search id and the provider's key: stable for a cached search, and meaningless outside it. The time
 * lets an offer named by its id alone (reschedule quotes) answer SEARCH_EXPIRED once its search is
 * over, as a signature does, rather than SEARCH_OFFER_NOT_FOUND. 80 bits of hash make a collision
 * within one search practically impossible; the allocator still re-hashes on one, so ids stay unique
 * whatever the provider returns. A search id that is not a ULID (tests) gives the hash alone.
 */
function offerIdFor(searchId: string, provider: string, providerKey: string, attempt = 0): string {
  const hash = createHash("sha256").update(`${searchId}\u0000${provider}\u0000${providerKey}\u0000${attempt}`);
  const time = ULID.exec(searchId)?.[1] ?? "";
  return `off_${time}${hash.digest("hex").slice(0, HASH_CHARS)}`;
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

/** When the search of an offer id was created, read from the id; undefined for other shapes. */
export function offerSearchCreatedAt(offerId: string): Date | undefined {
  const time = OFFER_ID.exec(offerId)?.[1];
  return time === undefined ? undefined : idCreatedAt(`srch_${time}${"0".repeat(26 - TIME_CHARS)}`, "srch");
}
