import { describe, expect, it } from "vitest";
import { canonicalZone } from "./time-zones.js";

describe("canonicalZone", () => {
  it("renames zones the tz database renamed", () => {
    expect(canonicalZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalZone("Asia/Katmandu")).toBe("Asia/Kathmandu");
  });

  it("keeps current names and rejects what the runtime does not know", () => {
    expect(canonicalZone("Europe/London")).toBe("Europe/London");
    expect(canonicalZone("Mars/Olympus_Mons")).toBeUndefined();
    expect(canonicalZone(null)).toBeUndefined();
    expect(canonicalZone("")).toBeUndefined();
  });
});
