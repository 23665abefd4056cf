/** What an API key may do; the gateway checks the scope an operation needs. */
export const SCOPES = [
  "flight.search",
  "flight.book",
  "flight.cancel",
  "flight.reschedule",
  "wallet.read",
  "webhooks.manage",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
