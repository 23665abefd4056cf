import { describe, expect, it } from "vitest";
import { indianNumberInWords, rupeesInWords } from "./amount-in-words.js";

describe("amounts in words (Indian numbering)", () => {
  it("groups by thousand, lakh and crore, not million", () => {
    expect(indianNumberInWords(0)).toBe("Zero");
    expect(indianNumberInWords(15)).toBe("Fifteen");
    expect(indianNumberInWords(101)).toBe("One Hundred One");
    expect(indianNumberInWords(100_000)).toBe("One Lakh");
    expect(indianNumberInWords(1_000_000)).toBe("Ten Lakh");
    expect(indianNumberInWords(123_456_789)).toBe("Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine");
    expect(indianNumberInWords(1_000_000_000_000)).toBe("One Lakh Crore");
  });

  it("states rupees and paise, and says Only", () => {
    expect(rupeesInWords(860_000)).toBe("Rupees Eight Thousand Six Hundred Only");
    expect(rupeesInWords(324_056)).toBe("Rupees Three Thousand Two Hundred Forty and Fifty Six Paise Only");
    expect(rupeesInWords(7)).toBe("Rupees Zero and Seven Paise Only");
    expect(rupeesInWords(-15_000)).toBe("Minus Rupees One Hundred Fifty Only");
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });
});
