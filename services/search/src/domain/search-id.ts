import { idCreatedAt } from "@tarmac/kernel";

/**
 * When a search was created, read from its id (`newId("srch")` is a ULID). Lets GetOffer by offer
 * id tell an expired search from one that never existed after the cache has dropped it. Undefined
 * for other shapes.
 */
export function searchCreatedAt(searchId: string): Date | undefined {
  return idCreatedAt(searchId, "srch");
}
