import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import { replayedConfirm, withConfirmation } from "./keyed-confirmations.js";

const answer = { kind: "CANCELLATION" as const, airlinePenaltyPaise: 1, otaFeePaise: 2, refundAmountPaise: 3 };
const confirmedAt = new Date("2026-11-22T06:10:00Z");

describe("replayedConfirm", () => {
  it("replays the answer for the same fingerprint and refuses another; a new key finds nothing", () => {
    const booking = bookingFixture();
    const done = { ...booking, confirmations: withConfirmation(booking, { idempotencyKey: "k1", fingerprint: "f1", answer, confirmedAt }) };
    expect(replayedConfirm(done, { idempotencyKey: "k1", fingerprint: "f1" })).toEqual(answer);
    expect(() => replayedConfirm(done, { idempotencyKey: "k1", fingerprint: "f2" })).toThrow(
      expect.objectContaining({ code: "IDEMPOTENCY_KEY_REUSED" }),
    );
    expect(replayedConfirm(done, { idempotencyKey: "k2", fingerprint: "f1" })).toBeUndefined();
    expect(replayedConfirm(undefined, { idempotencyKey: "k1", fingerprint: "f1" })).toBeUndefined();
  });

  it("answers IN_PROGRESS while a reschedule under the key runs, and REUSED for another request meanwhile", () => {
    const running = bookingFixture({
      pendingReschedule: { quoteId: "rq_1", startedAt: confirmedAt, idempotencyKey: "k1", fingerprint: "f1" },
    });
    expect(() => replayedConfirm(running, { idempotencyKey: "k1", fingerprint: "f1" })).toThrow(
      expect.objectContaining({ code: "IDEMPOTENCY_REQUEST_IN_PROGRESS" }),
    );
    expect(() => replayedConfirm(running, { idempotencyKey: "k1", fingerprint: "f9" })).toThrow(
      expect.objectContaining({ code: "IDEMPOTENCY_KEY_REUSED" }),
    );
  });
});
