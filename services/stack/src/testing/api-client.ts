import { yyyymmdd } from "../banner.js";

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: T;
}

/** A small JSON client for the gateway of a started stack, as an agency would call it. */
export function apiClient(gatewayUrl: string, apiKey: string) {
  async function post<T = any>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: (text === "" ? undefined : JSON.parse(text)) as T };
  }

  /** Searches, picks the cheapest ordinary (non-scenario) offer and locks its fare. */
  async function lockedFare(route: { origin: string; dest: string }, pax = { adult: 1, child: 0, infant: 0 }, daysAhead = 25) {
    const search = await post("/api/v1/flight/search", {
      ...route,
      dod: yyyymmdd(new Date(), daysAhead),
      pax_adult: pax.adult,
      pax_child: pax.child,
      pax_infant: pax.infant,
      limit: 50,
    });
    if (search.status !== 200) throw new Error(`search failed: ${search.text}`);
    const offer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    const validated = await post("/api/v1/flight/fare/validate", { search_id: offer.search_id, signature: offer.signature, pax });
    if (validated.status !== 200) throw new Error(`validate failed: ${validated.text}`);
    return { offer, fareToken: validated.json.fare_token as string, netFare: validated.json.offer.pricing_breakdown.net_fare as number };
  }

  return { post, lockedFare };
}

export const adultPassenger = (n: number) => ({
  id: `ADT${n}`,
  type: "ADT",
  title: "MR",
  first_name: "Arjun",
  last_name: `Mehta ${String.fromCharCode(64 + n)}`,
  gender: "M",
  dob: "1985-04-12",
  nationality: "IN",
});

export const contact = { email: "bookings@agency.example", phone: "+919812345678" };

/** Polls `check` every 100 ms until it returns a value, failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
