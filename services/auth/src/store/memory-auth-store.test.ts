import { describe, expect, it } from "vitest";
import { describeAuthStoreContract } from "./auth-store.contract.js";
import { MemoryAuthStore } from "./memory-auth-store.js";

describeAuthStoreContract("memory", async () => new MemoryAuthStore());

describe("MemoryAuthStore pruning", () => {
  it("drops expired codes, send windows and sessions on later writes, as TTL indexes would", async () => {
    const store = new MemoryAuthStore();
    const t0 = new Date("2026-11-22T06:00:00Z").getTime();
    const at = (ms: number) => new Date(t0 + ms);
    await store.recordOtpSend("old@example.com", at(0));
    await store.saveOtpChallenge({
      identifier: "old@example.com",
      challengeId: "otp_1",
      channel: "EMAIL",
      codeHash: "00",
      salt: "00",
      createdAt: at(0),
      expiresAt: at(5 * 60_000),
      attempts: 0,
    });
    expect(await store.attemptOtp("old@example.com", at(10 * 60_000), 5)).toEqual({ outcome: "expired" });
    // Two hours on, a write for someone else prunes what expired long ago.
    await store.recordOtpSend("new@example.com", at(2 * 60 * 60_000));
    expect(await store.attemptOtp("old@example.com", at(2 * 60 * 60_000), 5)).toEqual({ outcome: "missing" });
    expect(await store.otpSendRetryAfterMs("old@example.com", at(0))).toBe(0);
  });
});
