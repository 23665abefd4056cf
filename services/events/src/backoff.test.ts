import { describe, expect, it } from "vitest";
import { Backoff } from "./backoff.js";

describe("Backoff", () => {
  it("doubles from initialMs up to maxMs and stays there", () => {
    const backoff = new Backoff({ initialMs: 100, maxMs: 10_000 });
    const delays = Array.from({ length: 10 }, () => backoff.next());
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000, 10_000]);
    for (let i = 0; i < 2000; i++) backoff.next();
    expect(backoff.next()).toBe(10_000);
  });

  it("starts over after reset", () => {
    const backoff = new Backoff({ initialMs: 50, maxMs: 1000 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(50);
  });

  it("rejects nonsensical settings", () => {
    expect(() => new Backoff({ initialMs: 0, maxMs: 10 })).toThrow();
    expect(() => new Backoff({ initialMs: 100, maxMs: 10 })).toThrow();
  });
});
