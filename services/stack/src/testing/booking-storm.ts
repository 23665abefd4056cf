import { adultPassenger, apiClient, contact, eventually } from "./api-client.js";

/** What one agency's booking attempt came to, as the agency saw it. */
interface Attempt {
  readonly key: string;
  bookingId?: string;
  /** The last refusal code, when it never got a booking. */
  refusal?: string;
  /** Calls that got no answer (the process behind them was killed) or a 5xx. */
  lostAnswers: number;
}

export interface StormOutcome {
  readonly attempts: readonly Attempt[];
  /** Bookings (by id) and the final status of each the wallet captured money for or an agency learned of. */
  readonly statuses: ReadonlyMap<string, string>;
  /** Capture lines of the wallet statement, per booking id. */
  readonly captures: ReadonlyMap<string, number[]>;
  /** Holds voided (a booking that failed, or was settled by recovery, gave its money back). */
  readonly voids: number;
  /** Hold references voided more than once (two replicas' sweeps voiding one hold): should be none. */
  readonly voidedTwice: readonly string[];
  readonly balanceBefore: number;
  readonly balanceAfter: number;
  readonly heldAfter: number;
}

const TERMINAL = new Set(["BOOKED", "TICKETED", "FAILED", "TICKETING_FAILED"]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` agencies' bookings through the gateway, `concurrency` at a time, each retried with its
 * own Idempotency-Key through dropped connections and 5xx answers (as a careful client does) for
 * up to `patienceMs`, while `chaos` kills processes. Then waits until every booking it can see is
 * settled and the wallet holds nothing, and reads back what happened.
 */
export async function bookingStorm(
  gatewayUrl: string,
  apiKey: string,
  options: { count: number; concurrency: number; patienceMs: number; run: string },
  chaos: () => Promise<void>,
): Promise<StormOutcome> {
  const api = () => apiClient(gatewayUrl, apiKey);
  const balance = async () => (await api().post("/api/v1/wallet/balance", {})).json;
  const statement = async () => (await api().post("/api/v1/wallet/statement", { limit: 500 })).json.lines as Line[];
  // Earlier tests' lines are not this storm's.
  const earlier = new Set((await statement()).map((line) => line.reference));
  const balanceBefore = (await balance()).balance_paise as number;
  const attempts: Attempt[] = Array.from({ length: options.count }, (_, i) => ({ key: `${options.run}-${i}`, lostAnswers: 0 }));
  let next = 0;
  const worker = async () => {
    for (let attempt = attempts[next++]; attempt !== undefined; attempt = attempts[next++]) await book(api, attempt, options.patienceMs);
  };
  await Promise.all([...Array.from({ length: options.concurrency }, worker), chaos()]);

  // Settled: every booking the wallet or an agency knows of is terminal and no hold is left.
  const statuses = new Map<string, string>();
  let last = "";
  const outcome = await eventually(async () => {
    const lines = (await statement()).filter((line) => !earlier.has(line.reference));
    const captures = new Map<string, number[]>();
    for (const line of lines.filter((l) => l.kind === "CAPTURE"))
      captures.set(line.reference, [...(captures.get(line.reference) ?? []), line.amount_paise]);
    const ids = new Set([...captures.keys(), ...attempts.flatMap((a) => (a.bookingId ? [a.bookingId] : []))]);
    for (const id of ids) {
      const status = (await api().post("/api/v1/flight/booking/status", { booking_id: id })).json.status as string;
      statuses.set(id, status);
    }
    const after = await balance();
    const settled = [...statuses.values()].every((s) => TERMINAL.has(s)) && after.held_paise === 0;
    const voidLines = lines.filter((l) => l.kind === "VOID");
    const voids = voidLines.length;
    const voidedTwice = voidLines.map((l) => l.reference).filter((reference, i, all) => all.indexOf(reference) !== i);
    const open = [...statuses].filter(([, s]) => !TERMINAL.has(s));
    last = `held ${after.held_paise}, not settled: ${JSON.stringify(open)}, holds ${lines.filter((l) => l.kind === "HOLD").length}, voids ${voids}, captures ${captures.size}`;
    return settled
      ? { captures, voids, voidedTwice, balanceAfter: after.balance_paise as number, heldAfter: after.held_paise as number }
      : undefined;
  }, 60_000).catch((error: unknown) => {
    throw new Error(`the storm did not settle: ${last}`, { cause: error });
  });
  return { attempts, statuses, balanceBefore, ...outcome };
}

interface Line {
  readonly kind: string;
  readonly reference: string;
  readonly amount_paise: number;
}

async function book(api: () => ReturnType<typeof apiClient>, attempt: Attempt, patienceMs: number): Promise<void> {
  const until = Date.now() + patienceMs;
  let fareToken: string | undefined;
  while (Date.now() < until) {
    try {
      fareToken ??= (await api().lockedFare({ origin: "BLR", dest: "CCU" }, undefined, 20)).fareToken;
      const created = await api().post(
        "/api/v1/flight/booking/create",
        { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
        { "idempotency-key": attempt.key },
      );
      if (created.status === 200) {
        attempt.bookingId = created.json.booking_id as string;
        return;
      }
      if (created.status < 500 && created.status !== 409 && created.status !== 429) {
        attempt.refusal = created.json?.error?.code as string;
        return;
      }
      if (created.status >= 500) attempt.lostAnswers++;
    } catch {
      // No answer: the gateway (or the process behind it) was killed mid-call. Same key again.
      attempt.lostAnswers++;
    }
    await pause(200);
  }
  attempt.refusal ??= "NO_ANSWER_IN_TIME";
}

/** Counts for the test's log: what a reader checks against the assertions. */
export function stormCounts(outcome: StormOutcome) {
  const statuses = [...outcome.statuses.values()];
  return {
    attempts: outcome.attempts.length,
    booked: statuses.filter((s) => s === "BOOKED" || s === "TICKETED").length,
    failed: statuses.filter((s) => s === "FAILED").length,
    refusedBeforeBooking: outcome.attempts.filter((a) => a.bookingId === undefined).length,
    debits: [...outcome.captures.values()].reduce((n, lines) => n + lines.length, 0),
    voidedHolds: outcome.voids,
    lostAnswers: outcome.attempts.reduce((n, a) => n + a.lostAnswers, 0),
  };
}
