import fc from "fast-check";
import { describe, it } from "vitest";
import { checkMoney, checkSettled, InvariantBroken } from "./testing/money-invariants.js";
import type { WalletFault } from "./testing/ledger-wallet.js";
import { MoneyWorld, type Party, type Step } from "./testing/money-world.js";

/**
 * Issue 34: random lifecycles (create, hold, ticket, release, whole and partial cancel, void,
 * reschedule, added baggage, refund outcomes, airline drops and refusals, wallet outages and lost
 * answers, sweeps) against booking's harness over the real wallet ledger, the money invariants
 * checked after every step (testing/money-invariants.ts). A failure prints fast-check's seed and
 * path and the shrunk steps; replay it with MODEL_SEED=<seed> MODEL_PATH=<path>. MODEL_RUNS=2000
 * runs longer than the default.
 *
 * On 2cf2fd1, before 402d5b2 (run there without the airline drops, failed ticketing and wallet
 * faults, whose older findings 72bf73f fixed, come first):
 * - bug 4, invariant 4 (seed -986270499, path "4:0:0:0:0:2:0:2:4:5:4:3:3:2:2:2:2:2"): ADT; create,
 *   reschedule 1,000.00 cheaper (change penalty 1,250.00), whole VOLUNTARY cancel: credited
 *   2,600.00 of 9,850.00 debited where 1,250.00 + 7,250.00 were kept (at most 1,350.00 back).
 * - bug 6, invariant 6 (seed -1350748798, path "1:1:2:1:4:5:5:4:5:5:5:2"): ADT+CHD+INF; create,
 *   ticket, whole VOLUNTARY cancel: ADT1's credit note line 2,891.89 against an invoice line of
 *   2,866.68 (equal thirds of 8,600.00; the refund weighed 100/75/10).
 * On main it found: B (fixed with it, refund-before-ticketing.test.ts) a refund credited before
 * ticketing had no credit note, the tax invoice documenting all debited (seed -1623566262);
 * A (seed -329621045) the ticketing worker's credit-back of a failed booking and a whole
 * cancellation's refund share the wallet reference <booking id>: the credit-back's answer lost, a
 * cancel confirmed, the wallet credits 8,600.00 where the booking keeps 1,750.00 and its refund
 * stays REQUESTED; C (seed -735912309) a partial refund PROCESSING when the booking ends FAILED
 * stays PROCESSING after every sweep; D (seed -1707119475) a refund the airline confirmed whose
 * wallet credit's answer was lost was asked of the airline again, which then rejected it: credited
 * yet REJECTED. All three fixed since (booking-ends.test.ts has each as an example).
 */

const FAULTS: WalletFault[] = ["none", "down", "lostAnswer"];
const REFUND_ANSWERS = ["REFUNDED", "PROCESSING", "REJECTED"] as const;

const b = fc.nat({ max: 7 });
const mask = fc.nat({ max: 7 });
const steps: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ do: fc.constant("create" as const), hold: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("ticketHold" as const), b }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("release" as const), b }) },
  { weight: 4, arbitrary: fc.record({ do: fc.constant("airlineTickets" as const), b, ok: fc.nat({ max: 4 }).map((n) => n > 0) }) },
  {
    weight: 4,
    arbitrary: fc.record({ do: fc.constant("cancel" as const), b, type: fc.constantFrom("VOLUNTARY", "INVOLUNTARY", "VOID"), pax: mask }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ do: fc.constant("reschedule" as const), b, fareChange: fc.constantFrom(-100_000, 0, 100_000, 300_000) }),
  },
  { weight: 2, arbitrary: fc.record({ do: fc.constant("addExtras" as const), b, pax: mask, meals: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ do: fc.constant("refunds" as const), outcome: fc.constantFrom(...REFUND_ANSWERS) }),
  },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("airlineDrops" as const), b, how: fc.constantFrom("dropHold", "lose", "cancel") }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("airlineRefuses" as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("wallet" as const), fault: fc.constantFrom<WalletFault>(...FAULTS) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant("sweep" as const), minutes: fc.constantFrom(1, 1, 10, 30, 1440) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("recover" as const) }) },
);
/** Each run starts with one to three bookings, so the steps after have something to act on. */
const firstBookings = fc.array(fc.record({ do: fc.constant("create" as const), hold: fc.boolean() }), { minLength: 1, maxLength: 3 });
const parties = fc.constantFrom<Party>("ADT", "ADT+CHD+INF", "2ADT+INF");

const RUNS = Number(process.env.MODEL_RUNS ?? 150);

/** The invariants, with what the steps answered so far when one breaks. */
async function checked(world: MoneyWorld, check: (world: MoneyWorld) => Promise<void>): Promise<void> {
  try {
    await check(world);
  } catch (e) {
    if (e instanceof InvariantBroken) e.message += `\nafter:\n  ${world.log.join("\n  ")}`;
    throw e;
  }
}

describe("money invariants over random booking lifecycles (issue 34)", () => {
  it(
    "hold after every step, and every booking settles once injections stop",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          parties,
          firstBookings,
          fc.array(steps, { minLength: 1, maxLength: 40, size: "large" }),
          async (party, first, plan) => {
            const world = await MoneyWorld.start(party);
            for (const step of [...first, ...plan]) {
              await world.apply(step);
              await checked(world, checkMoney);
            }
            await world.settle();
            await checked(world, checkSettled);
            await checked(world, checkMoney);
          },
        ),
        {
          numRuns: RUNS,
          ...(process.env.MODEL_SEED && { seed: Number(process.env.MODEL_SEED) }),
          ...(process.env.MODEL_PATH && { path: process.env.MODEL_PATH }),
        },
      );
    },
    Math.max(60_000, RUNS * 1_000),
  );
});
