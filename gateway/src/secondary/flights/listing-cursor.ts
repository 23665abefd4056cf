import { DomainError } from "@tarmac/kernel";

/**
 * The secondary search's `cursor`: the search service's signed cursor behind the display currency
 * of the listing (`USD.<cursor>`), so the next page comes in the currency of the first without the
 * client repeating it. The currency part is not signed: changing it changes only how the next
 * page's prices are shown. Anything unreadable is SEARCH_CURSOR_INVALID, as the service says.
 */
export function listingCursor(currency: string, searchCursor: string): string | null {
  return searchCursor === "" ? null : `${currency}.${searchCursor}`;
}

export function readListingCursor(cursor: string, currencies: readonly string[]): { currency: string; searchCursor: string } {
  const dot = cursor.indexOf(".");
  const currency = cursor.slice(0, dot);
  const searchCursor = cursor.slice(dot + 1);
  if (dot < 0 || !currencies.includes(currency) || searchCursor === "") {
    throw new DomainError("SEARCH_CURSOR_INVALID", "The cursor is not valid; start a new search");
  }
  return { currency, searchCursor };
}
