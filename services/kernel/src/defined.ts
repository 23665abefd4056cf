/**
 * `noUncheckedIndexedAccess` types `items[i]` and a regular expression's groups as possibly
 * undefined even where the code has already made sure they exist (a bounds check, a table that
 * ends with a catch-all row, a pattern whose groups are not optional). `defined` says so at such a
 * site and, unlike `!`, fails there with a message if that reasoning is ever wrong instead of
 * letting undefined travel on.
 */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is undefined`);
  return value;
}
