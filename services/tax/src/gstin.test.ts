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

  it("refuses a 14th character other than Z, even with a check character that matches it (issue 35, finding 7)", () => {
    for (const fourteenth of ["A", "Y", "0"]) {
      const first14 = `27AAPFU0939F1${fourteenth}`;
      expect(gstinProblem(`${first14}${gstinCheckCharacter(first14)}`)).toBe("INVALID_FORMAT");
    }
  });

  it("computes the official mod-36 check character: published GSTINs and one of each entity number", () => {
    // Each valid GSTIN with one character changed at each position is refused.
    for (const valid of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "07AAACT2727Q1ZY"]) {
      expect(gstinCheckCharacter(valid.slice(0, 14))).toBe(valid.charAt(14));
      for (let i = 0; i < 14; i++) {
        const c = valid.charAt(i);
        const other = /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === "Z" ? "Y" : String.fromCharCode(c.charCodeAt(0) + 1);
        const typo = `${valid.slice(0, i)}${other}${valid.slice(i + 1)}`;
        expect(gstinProblem(typo), typo).not.toBeUndefined();
      }
    }
    expect(gstinProblem(`29AAGCB7383J9Z${gstinCheckCharacter("29AAGCB7383J9Z")}`)).toBeUndefined();
    expect(gstinProblem(`29AAGCB7383JAZ${gstinCheckCharacter("29AAGCB7383JAZ")}`)).toBeUndefined();
    expect(gstinProblem(`38AAGCB7383J1Z${gstinCheckCharacter("38AAGCB7383J1Z")}`)).toBeUndefined();
    expect(gstinProblem(`00AAGCB7383J1Z${gstinCheckCharacter("00AAGCB7383J1Z")}`)).toBe("INVALID_STATE_CODE");
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
