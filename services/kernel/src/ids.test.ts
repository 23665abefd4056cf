import { describe, expect, it } from "vitest";
import { idCreatedAt, newId } from "./ids.js";

describe("newId", () => {
  it("makes distinct, time-ordered ids across many milliseconds and refills of its random pool", async () => {
    // 300 milliseconds draw 300 x 16 random bytes: more than the pool holds.
    const ids: string[] = [];
    for (let round = 0; round < 300; round++) {
      for (let i = 0; i < 10; i++) ids.push(newId("bkg"));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(idCreatedAt(id, "bkg")).toBeInstanceOf(Date);
  });

  it("draws the random part of ids made in different milliseconds afresh", async () => {
    const first = newId("x").slice(-16);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = newId("x").slice(-16);
    // Two unrelated 80-bit draws agree on a prefix this long once in 2^40 runs.
    expect(second.slice(0, 8)).not.toBe(first.slice(0, 8));
  });
});
