import { describe, expect, it } from "vitest";
import { defined } from "./defined.js";

describe("defined", () => {
  it("returns a value that is there, falsy ones included", () => {
    expect(defined([7][0], "first")).toBe(7);
    expect(defined(0, "zero")).toBe(0);
    expect(defined(null, "null")).toBeNull();
  });

  it("throws, naming what was missing, when the value is undefined", () => {
    expect(() => defined([][0], "the first flight")).toThrow("the first flight is undefined");
  });
});
