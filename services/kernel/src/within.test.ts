import { describe, expect, it } from "vitest";
import { within } from "./within.js";

describe("within", () => {
  it("answers what settles in time and gives up on what does not", async () => {
    expect(await within(Promise.resolve(7), 50, () => new Error("late"))).toBe(7);
    await expect(within(Promise.reject(new Error("refused")), 50, () => new Error("late"))).rejects.toThrow("refused");
    await expect(within(new Promise(() => undefined), 20, () => new Error("late"))).rejects.toThrow("late");
  });
});
