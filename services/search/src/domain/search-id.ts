const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SEARCH_ID = /^srch_([0-7][0-9A-HJKMNP-TV-Z]{25})$/;

/**
 * When a search was created, read from its id (`newId("srch")` is a ULID, whose first ten
 * characters are the creation time in milliseconds). Lets GetOffer by offer id tell an expired
 * search from one that never existed after the cache has dropped it. Undefined for other shapes.
 */
export function searchCreatedAt(searchId: string): Date | undefined {
  const ulid = SEARCH_ID.exec(searchId)?.[1];
  if (!ulid) return undefined;
  let ms = 0;
  for (const char of ulid.slice(0, 10)) ms = ms * 32 + CROCKFORD.indexOf(char);
  return new Date(ms);
}
