import { describe, expect, it } from "vitest";
import { generateOtpCode, isOtpCodeFormat, OtpHasher } from "./otp.js";

const hasher = new OtpHasher("a-test-secret-of-at-least-32-characters!");

describe("generateOtpCode", () => {
  it("makes six digits, uniformly enough that every leading digit shows up", () => {
    const codes = Array.from({ length: 5000 }, generateOtpCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(4900);
  });
});

describe("isOtpCodeFormat", () => {
  it.each(["123456", "000000"])("accepts %j", (code) => expect(isOtpCodeFormat(code)).toBe(true));
  it.each(["", "12345", "1234567", "12345a", " 123456", "１２３４５６"])("refuses %j", (code) => expect(isOtpCodeFormat(code)).toBe(false));
});

describe("OtpHasher", () => {
  it("matches the right code only, and salts make equal codes hash apart", () => {
    const salt = hasher.newSalt();
    const hash = hasher.hash("123456", salt);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hasher.matches("123456", salt, hash)).toBe(true);
    expect(hasher.matches("123457", salt, hash)).toBe(false);
    expect(hasher.matches("123456", hasher.newSalt(), hash)).toBe(false);
    expect(hasher.hash("123456", hasher.newSalt())).not.toBe(hash);
  });

  it("is keyed: another secret gives another hash", () => {
    const salt = hasher.newSalt();
    const other = new OtpHasher("another-secret-of-at-least-32-characters");
    expect(other.hash("123456", salt)).not.toBe(hasher.hash("123456", salt));
    expect(other.matches("123456", salt, hasher.hash("123456", salt))).toBe(false);
  });

  it("treats a damaged stored hash as no match instead of throwing", () => {
    expect(hasher.matches("123456", "00", "zz")).toBe(false);
    expect(hasher.matches("123456", "00", "")).toBe(false);
  });

  it("refuses a short secret", () => {
    expect(() => new OtpHasher("short")).toThrow(/32 characters/);
  });
});
