import { describe, expect, it } from "vitest";
import { PNR_ALPHABET, pnrFor } from "./pnr.js";

const FORMAT = /^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/;

describe("pnrFor", () => {
  it("uses six characters without I, O, 0 or 1", () => {
    expect(PNR_ALPHABET).toHaveLength(32);
    expect(PNR_ALPHABET).not.toMatch(/[IO01]/);
    expect(new Set(PNR_ALPHABET).size).toBe(32);
  });

  it("is the same for the same reference, different for others, and well spread", () => {
    const none = () => false;
    expect(pnrFor("bk_0001", none)).toBe(pnrFor("bk_0001", none));
    expect(pnrFor("bk_0001", none)).not.toBe(pnrFor("bk_0002", none));
    const pnrs = Array.from({ length: 20_000 }, (_, i) => pnrFor(`bk_${i}`, none));
    expect(pnrs.filter((p) => !FORMAT.test(p))).toEqual([]);
    // Every character appears in every position.
    for (let i = 0; i < 6; i++) expect(new Set(pnrs.map((p) => p[i])).size).toBe(32);
  });

  it("draws again when the PNR is already given out, until it finds a free one", () => {
    const first = pnrFor("bk_7", () => false);
    const taken = new Set([first]);
    const second = pnrFor("bk_7", (p) => taken.has(p));
    expect(second).toMatch(FORMAT);
    expect(second).not.toBe(first);
    taken.add(second);
    const third = pnrFor("bk_7", (p) => taken.has(p));
    expect(taken.has(third)).toBe(false);
  });

  it("keeps many references of one airline unique", () => {
    const given = new Set<string>();
    for (let i = 0; i < 50_000; i++) given.add(pnrFor(`ref-${i}`, (p) => given.has(p)));
    expect(given.size).toBe(50_000);
  });
});
