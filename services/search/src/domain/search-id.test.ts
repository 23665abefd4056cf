import { newId } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { searchCreatedAt } from "./search-id.js";

describe("searchCreatedAt", () => {
  it("reads the creation time out of a search id", () => {
    const before = Date.now();
    const created = searchCreatedAt(newId("srch"));
    expect(created!.getTime()).toBeGreaterThanOrEqual(before);
    expect(created!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("knows nothing about other shapes", () => {
    for (const id of ["", "srch_", "srch_short", "off_01KAQ0000000000000000000", "srch_01KAQ000000000000000000I"]) {
      expect(searchCreatedAt(id)).toBeUndefined();
    }
  });
});
