import { describe, expect, it } from "vitest";
import { deepCopy } from "./deep-copy.js";

interface Stored {
  id: string;
  at: Date;
  legs: { flight: string; seats: string[] }[];
  matrix: number[][];
  byPax: Map<string, { seat: string }>;
  tags: Set<string>;
  digest: Uint8Array;
  total: bigint;
  note: string | undefined;
}

const record = (): Stored => ({
  id: "bkg_1",
  at: new Date("2026-11-22T06:00:00Z"),
  legs: [{ flight: "6E512", seats: ["12C"] }],
  matrix: [
    [1, 2],
    [3, 4],
  ],
  byPax: new Map([["ADT1", { seat: "12C" }]]),
  tags: new Set(["hold"]),
  digest: new Uint8Array([1, 2, 3]),
  total: 945_000n,
  note: undefined,
});

/** A store the way the in-memory adapters keep records: copied in on save, copied out on read. */
class CopyingStore {
  private readonly records = new Map<string, Stored>();
  save(value: Stored): void {
    this.records.set(value.id, deepCopy(value));
  }
  find(id: string): Stored | undefined {
    const found = this.records.get(id);
    return found && deepCopy(found);
  }
}

function mutate(value: Stored): void {
  value.at.setTime(0);
  value.legs[0]!.seats.push("1A");
  value.legs[0]!.flight = "XX1";
  value.matrix[1]![0] = 99;
  value.byPax.get("ADT1")!.seat = "1A";
  value.byPax.set("CHD1", { seat: "1B" });
  value.tags.add("changed");
  value.digest[0] = 9;
  value.note = "changed";
}

describe("deepCopy", () => {
  it("keeps Dates, nested arrays, Maps, Sets, typed arrays and bigints, as equal values of the same kind", () => {
    const original = record();
    const copy = deepCopy(original);
    expect(copy).toEqual(original);
    expect(copy.at).toBeInstanceOf(Date);
    expect(copy.byPax).toBeInstanceOf(Map);
    expect(copy.tags).toBeInstanceOf(Set);
    expect(copy.digest).toBeInstanceOf(Uint8Array);
    expect(Object.keys(copy)).toContain("note");
  });

  it("shares no object with the original at any depth", () => {
    const original = record();
    const copy = deepCopy(original);
    mutate(copy);
    expect(original).toEqual(record());
    mutate(original);
    expect(deepCopy(record())).toEqual(record());
  });

  it("lets a store answer the same record whatever the caller does to the saved input or a read", () => {
    const store = new CopyingStore();
    const saved = record();
    store.save(saved);
    mutate(saved);
    expect(store.find("bkg_1")).toEqual(record());
    mutate(store.find("bkg_1")!);
    expect(store.find("bkg_1")).toEqual(record());
  });
});
