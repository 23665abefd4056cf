/**
 * The README's agency journey as an agency's developer writes it: against types generated from
 * GET /api/v1/openapi.json by openapi-typescript (`./tarmac-api.js`, written next to a copy of this
 * file by src/generated-client.test.ts, which type-checks both with the repository's compiler
 * options and then runs this journey against a started stack) and the openapi-fetch client,
 * configured with the interface spec's base URL `<origin>/api/v1`. Nothing here is cast: a field
 * or value the document does not allow is a compile error.
 *
 * Outside src/ on purpose: the types exist only once the document has been fetched, so the
 * repository's own tsc and eslint do not see this file; the test holds it to stricter rules.
 */
import createClient from "openapi-fetch";
import type { paths } from "./tarmac-api.js";

type BookingStatus = paths["/flight/booking/status"]["post"]["responses"]["200"]["content"]["application/json"]["status"];

export interface JourneyResult {
  readonly totalResults: number;
  readonly nextPageCount: number;
  readonly bookingId: string;
  readonly pnr: string;
  /** The status create answered, then the booking's status history once refunded. */
  readonly created: BookingStatus;
  readonly history: readonly BookingStatus[];
  readonly refundable: boolean;
  readonly cancellationPenalties: number;
  readonly quotedRefund: number;
  readonly refunded: number;
  readonly debited: number;
  readonly balanceBefore: number;
  readonly balanceAfter: number;
  readonly unknownPnrCode: string;
  /** The secondary surface, through a client on `<origin>`: send-otp's `expires_in`. */
  readonly otpExpiresIn: number;
}

/** The answer's data, or a failure naming the step and the error envelope. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }, step: string): T {
  if (result.data === undefined) throw new Error(`${step}: HTTP ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Search, fare validate, seat map, book, follow, cancel (quote, confirm), wallet balance; `dod` is `YYYYMMDD`. */
export async function agencyJourney(origin: string, apiKey: string, dod: string): Promise<JourneyResult> {
  const api = createClient<paths>({ baseUrl: `${origin}/api/v1`, headers: { "X-API-Key": apiKey } });
  const balance = async () => ok(await api.POST("/wallet/balance", { body: {} }), "wallet balance").balance_paise;
  const balanceBefore = await balance();

  const page = ok(
    await api.POST("/flight/search", { body: { origin: "DEL", dest: "BOM", dod, pax_adult: 1, cabin: "ECONOMY", limit: 20 } }),
    "search",
  );
  if (page.cursor === null) throw new Error("DEL-BOM has more than one page");
  const next = ok(await api.POST("/flight/search", { body: { cursor: page.cursor, limit: 5 } }), "next page");
  // A non-refundable fare when there is one: its fare rules must show no cancellation penalties (API guide, Bookings).
  const offer = page.results.find((o) => !o.refundable) ?? page.results[0];
  if (!offer) throw new Error("no offer");

  const pax = { adult: 1, child: 0, infant: 0 };
  const validated = ok(
    await api.POST("/flight/fare/validate", { body: { search_id: offer.search_id, signature: offer.signature, pax } }),
    "validate",
  );
  const map = ok(
    await api.POST("/flight/fare/seatmap", {
      body: { search_id: offer.search_id, signature: offer.signature, fare_token: validated.fare_token, provider: offer.provider },
    }),
    "seat map",
  );
  const mine = new Set(map.passenger_ancillaries.find((p) => p.pax_id === "ADT1")?.ancillary_tokens);
  const seat = map.segments[0]?.seatmap.flatMap((row) => row.seats).find((s) => s.available && mine.has(s.ancillary_token));
  if (!seat) throw new Error("no seat for ADT1");

  const created = ok(
    await api.POST("/flight/booking/create", {
      params: { header: { "Idempotency-Key": `journey-${offer.offer_id}` } },
      body: {
        fare_token: validated.fare_token,
        passengers: [
          {
            id: "ADT1",
            type: "ADT",
            title: "MR",
            first_name: "Arjun",
            last_name: "Mehta",
            gender: "M",
            dob: "1985-04-12",
            nationality: "IN",
          },
        ],
        contact_info: { email: "ops@agency.example", phone: "+919812345678" },
        ancillaries: [{ pax_id: "ADT1", ancillary_token: seat.ancillary_token }],
      },
    }),
    "create",
  );
  const until = async (wanted: BookingStatus) => {
    for (let tries = 0; tries < 100; tries++) {
      const booking = ok(await api.POST("/flight/booking/status", { body: { pnr: created.pnr } }), "status");
      if (booking.status === wanted) return booking;
      await pause(100);
    }
    throw new Error(`booking ${created.booking_id} never became ${wanted}`);
  };
  const ticketed = await until("TICKETED");

  const cancellation = { booking_id: created.booking_id, reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" } as const;
  const quote = ok(await api.POST("/flight/booking/cancel/quote", { body: cancellation }), "cancel quote");
  const confirmed = ok(
    await api.POST("/flight/booking/cancel/confirm", {
      params: { header: { "Idempotency-Key": `cancel-${created.booking_id}` } },
      body: cancellation,
    }),
    "cancel confirm",
  );
  const refunded = await until("REFUNDED");

  const unknown = await api.POST("/flight/booking/status", { body: { pnr: "ZZ9ZZ9" } });
  // The secondary surface is outside /api/v1: its paths are absolute, so its client's base URL is the origin.
  const secondary = createClient<paths>({ baseUrl: origin });
  const otp = ok(await secondary.POST("/api/auth/send-otp", { body: { identifier: "demo@tarmac.test", type: "EMAIL" } }), "send-otp");

  return {
    totalResults: page.total_results,
    nextPageCount: next.count,
    bookingId: created.booking_id,
    pnr: created.pnr,
    created: created.status,
    history: refunded.status_history.map((entry) => entry.status),
    refundable: ticketed.fare_rules.refundable,
    cancellationPenalties: ticketed.fare_rules.cancellation_penalties.length,
    quotedRefund: quote.refund_amount_paise,
    refunded: confirmed.refund_amount_paise,
    debited: refunded.debited_paise,
    balanceBefore,
    balanceAfter: await balance(),
    unknownPnrCode: unknown.error?.error.code ?? "none",
    otpExpiresIn: otp.data.expires_in,
  };
}
