import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { flatString } from "./flat-string.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The live heap, after full collections, while `held` is alive. */
function heapHolding(held: readonly string[]): number {
  gc();
  gc();
  const used = process.memoryUsage().heapUsed;
  expect(held.length).toBeGreaterThan(0);
  return used;
}

describe("flatString", () => {
  it("answers the same text", () => {
    const parts = ["off_", "01KZ000000", "b3b9156acb39f2ab26"];
    expect(flatString(`${parts[0]}${parts[1]}${parts[2]}`)).toBe(parts.join(""));
  });

  it("lets a collection drop the parts of concatenated strings a cache keeps", () => {
    const make = (i: number) => `off_${String(1e9 + i)}${"0123456789abcdef".repeat(4).slice(i % 7, (i % 7) + 20)}`;
    const before = heapHolding(["x"]);
    const trees = Array.from({ length: 50_000 }, (_, i) => make(i));
    const asTrees = heapHolding(trees) - before;
    trees.length = 0;
    const flat = Array.from({ length: 50_000 }, (_, i) => flatString(make(i)));
    const asFlat = heapHolding(flat) - before;
    expect(asFlat).toBeLessThan(asTrees * 0.8);
  });
});
