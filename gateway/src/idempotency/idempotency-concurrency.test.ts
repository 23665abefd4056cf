import { ManualClock } from "@tarmac/kernel/testing";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LEASE_MS } from "./idempotency-store.js";
import { expectEnvelope } from "../testing/envelope.js";
import { type IdempotencyTestApp, idempotencyTestApp, opRequest } from "../testing/idempotency-app.js";

let gateway: IdempotencyTestApp;
afterEach(async () => gateway?.app.close());

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves when it chooses. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("concurrent requests with one Idempotency-Key", () => {
  it("answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS (retryable) to a duplicate while the first runs", async () => {
    gateway = await idempotencyTestApp();
    const entered = gate();
    const release = gate();
    gateway.handler = async (_body, run) => {
      entered.open();
      await release.opened;
      return { run };
    };
    const first = gateway.app.inject(opRequest("k1"));
    await entered.opened;

    const duplicate = await gateway.app.inject(opRequest("k1"));
    expect(expectEnvelope(duplicate, "IDEMPOTENCY_REQUEST_IN_PROGRESS").error.retryable).toBe(true);
    expect(duplicate.headers["retry-after"]).toBe("1");
    // Another body is a misuse of the key whether or not the first has finished.
    expectEnvelope(await gateway.app.inject(opRequest("k1", { amount: 7 })), "IDEMPOTENCY_KEY_REUSED");

    release.open();
    const done = await first;
    expect(done.statusCode).toBe(201);
    expect((await gateway.app.inject(opRequest("k1"))).body).toBe(done.body);
    expect(gateway.runs).toHaveLength(1);
  });

  it("runs 50 concurrent identical requests once; every other answer is 409 or a byte-identical replay", async () => {
    gateway = await idempotencyTestApp();
    gateway.handler = async (_body, run) => {
      await delay(25);
      return { run };
    };
    // Starts spread over the handler's run, so some duplicates arrive while it runs (409) and some
    // after it finished (replay); both kinds usually show, the assertions hold for any mix.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => delay(i).then(() => gateway.app.inject(opRequest("k50")))));
    expect(gateway.runs).toHaveLength(1);
    const originals = responses.filter((r) => r.statusCode === 201 && r.headers["idempotent-replayed"] === undefined);
    expect(originals).toHaveLength(1);
    for (const response of responses) {
      if (response === originals[0]) continue;
      if (response.statusCode === 409) expectEnvelope(response, "IDEMPOTENCY_REQUEST_IN_PROGRESS");
      else {
        expect(response.headers["idempotent-replayed"]).toBe("true");
        expect(response.body).toBe(originals[0]?.body);
      }
    }
  });

  it("lets the same request run again once a hung request's lease ran out; the first stored answer stays", async () => {
    const clock = new ManualClock();
    gateway = await idempotencyTestApp({ clock });
    const entered = gate();
    const release = gate();
    gateway.handler = async (_body, run) => {
      entered.open();
      await release.opened;
      return { run };
    };
    const hung = gateway.app.inject(opRequest("k1"));
    await entered.opened;
    clock.advance(DEFAULT_LEASE_MS - 1);
    expectEnvelope(await gateway.app.inject(opRequest("k1")), "IDEMPOTENCY_REQUEST_IN_PROGRESS");

    clock.advance(1);
    gateway.handler = (_body, run) => ({ run });
    const retried = await gateway.app.inject(opRequest("k1"));
    expect(retried.json()).toEqual({ run: 2 });
    release.open();
    expect((await hung).json()).toEqual({ run: 1 });
    expect((await gateway.app.inject(opRequest("k1"))).body).toBe(retried.body);
  });
});
