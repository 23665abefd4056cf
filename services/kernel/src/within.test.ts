import { describe, expect, it } from "vitest";
import { within } from "./within.js";

describe("within", () => {
  it("answers what settles in time and gives up on what does not", async () => {
    expect(await within(Promise.resolve(7), 50, () => new Error("late"))).toBe(7);
    await expect(within(Promise.reject(new Error("refused")), 50, () => new Error("late"))).rejects.toThrow("refused");
    await expect(within(new Promise(() => undefined), 20, () => new Error("late"))).rejects.toThrow("late");
  });

  it("treats a bound beyond what a timer holds as none, instead of giving up at once", async () => {
    const slow = new Promise((resolve) => setTimeout(() => resolve("done"), 20));
    expect(await within(slow, 3.6e14, () => new Error("late"))).toBe("done");
  });
});
