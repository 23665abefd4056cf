import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, signPayload } from "./signature.js";

describe("signatureHeader", () => {
  const body = '{"id":"evt_1","type":"booking.booked"}';

  it("is t=<seconds>,v1=<hex HMAC-SHA256 of t.body keyed by the whole secret string>", () => {
    const secret = "whsec_abc";
    const expected = createHmac("sha256", "whsec_abc").update(`1700000000.${body}`).digest("hex");
    expect(signatureHeader([secret], body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it("matches a known vector", () => {
    // echo -n '1700000000.{}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signPayload("whsec_test", "{}", 1_700_000_000)).toBe("35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91");
  });

  it("carries one v1 per secret, current first, during a rotation", () => {
    const header = signatureHeader(["whsec_new", "whsec_old"], body, 1_700_000_000);
    const parts = header.split(",");
    expect(parts).toEqual([
      "t=1700000000",
      `v1=${signPayload("whsec_new", body, 1_700_000_000)}`,
      `v1=${signPayload("whsec_old", body, 1_700_000_000)}`,
    ]);
  });

  it("signs the body byte for byte (UTF-8)", () => {
    const a = signatureHeader(["whsec_x"], '{"name":"Zoë"}', 1);
    const b = signatureHeader(["whsec_x"], '{"name":"Zoe"}', 1);
    expect(a).not.toBe(b);
  });

  it("refuses no secrets and a non-integer timestamp", () => {
    expect(() => signatureHeader([], body, 1)).toThrow();
    expect(() => signatureHeader(["whsec_x"], body, 1.5)).toThrow();
    expect(() => signatureHeader(["whsec_x"], body, -1)).toThrow();
  });
});

describe("newWebhookSecret", () => {
  it("is whsec_ and 32 random bytes base64url", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64url")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
