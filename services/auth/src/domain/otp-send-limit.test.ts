import { describe, expect, it } from "vitest";
import { decideOtpSend, otpSendRateLimited, retryAfterSeconds } from "./otp-send-limit.js";

const t0 = new Date("2026-11-22T06:00:00Z").getTime();
const at = (seconds: number) => new Date(t0 + seconds * 1000);

describe("decideOtpSend", () => {
  it("accepts a first send and appends it", () => {
    expect(decideOtpSend([], at(0))).toEqual({ accepted: true, sends: [at(0)], retryAfterMs: 0 });
  });

  it("refuses within 30 s of the last send, accepting at exactly 30 s", () => {
    expect(decideOtpSend([at(0)], at(29))).toEqual({ accepted: false, sends: [at(0)], retryAfterMs: 1000 });
    expect(decideOtpSend([at(0)], at(30)).accepted).toBe(true);
  });

  it("allows five sends in any hour and says when the oldest leaves the window", () => {
    const five = [0, 60, 120, 180, 240].map(at);
    expect(decideOtpSend(five, at(600))).toEqual({ accepted: false, sends: five, retryAfterMs: 3000 * 1000 });
    expect(decideOtpSend(five, at(3600)).accepted).toBe(true);
    expect(decideOtpSend(five, at(3600)).sends).toEqual([...five.slice(1), at(3600)]);
  });

  it("takes the longer of both waits", () => {
    const five = [0, 10 * 60, 20 * 60, 30 * 60, 3590].map(at);
    // Hourly: the send at 0 leaves at 3600 (10 s away); resend: the one at 3590 allows 3620 (30 s away).
    expect(decideOtpSend(five, at(3590)).retryAfterMs).toBe(30_000);
  });

  it("ignores sends older than the window and sorts what it keeps", () => {
    expect(decideOtpSend([at(100), at(-4000), at(50)], at(200)).sends).toEqual([at(50), at(100), at(200)]);
  });
});

describe("retry-after", () => {
  it("rounds up to whole seconds, never below 1", () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });

  it("answers RATE_LIMITED (429, retryable) with retryAfterSeconds", () => {
    const error = otpSendRateLimited(12_300);
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, retryable: true, retryAfterSeconds: 13 });
  });
});
