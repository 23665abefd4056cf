import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, gstinState } from "./gstin.js";
import { gstinFieldError } from "./gstin-field-error.js";

describe("GSTIN", () => {
  it("accepts GSTINs whose check character matches", () => {
    for (const valid of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "29AAACT2727Q1ZS", "07AAACT2727Q1ZY", "33AAACT2727Q1Z3"]) {
      expect(gstinProblem(valid)).toBeUndefined();
    }
    expect(gstinState("27AAPFU0939F1ZV")).toBe("27");
  });

  it("refuses a wrong check character, one typo, or two swapped characters", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("INVALID_CHECKSUM");
    expect(gstinProblem("27AAPFU0938F1ZV")).toBe("INVALID_CHECKSUM");
    expect(gstinProblem("27AAPFU0993F1ZV")).toBe("INVALID_CHECKSUM");
    expect(gstinProblem("07AAACI1681G1ZD")).toBe("INVALID_CHECKSUM");
  });

  it("refuses unknown state codes and malformed text", () => {
    expect(gstinProblem(`40AAPFU0939F1Z${gstinCheckCharacter("40AAPFU0939F1Z")}`)).toBe("INVALID_STATE_CODE");
    expect(gstinProblem(`28AAPFU0939F1Z${gstinCheckCharacter("28AAPFU0939F1Z")}`)).toBe("INVALID_STATE_CODE");
    expect(gstinProblem("27aapfu0939f1zv")).toBe("INVALID_FORMAT");
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("INVALID_FORMAT");
    expect(gstinProblem("27AAPFU0939F0ZV")).toBe("INVALID_FORMAT");
    expect(gstinProblem("")).toBe("INVALID_FORMAT");
  });
});

describe("gstinFieldError", () => {
  it("names the field with the code and message each problem earns; none for a valid GSTIN", () => {
    expect(gstinFieldError("billing.gstin", "27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinFieldError("billing.gstin", "")).toMatchObject({ field: "billing.gstin", code: "REQUIRED" });
    expect(gstinFieldError("gst.gstin", "27AAPFU0939F1Z")).toMatchObject({
      code: "INVALID_FORMAT",
      message: expect.stringContaining("15-character"),
    });
    expect(gstinFieldError("gst.gstin", "27AAPFU0939F1ZW")).toMatchObject({
      code: "INVALID_VALUE",
      message: expect.stringContaining("check character"),
    });
    expect(gstinFieldError("gst.gstin", "28AAPFU0939F1ZV")?.message).toContain("state code");
  });
});
