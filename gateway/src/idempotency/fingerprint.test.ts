import { describe, expect, it } from "vitest";
import { canonicalJson, requestFingerprint } from "./fingerprint.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth, drops whitespace and keeps array order", () => {
    const parsed = JSON.parse('{ "b": [3, {"y": 1, "x": null}], "a": { "d": "é", "c": true } }') as unknown;
    expect(canonicalJson(parsed)).toBe('{"a":{"c":true,"d":"é"},"b":[3,{"x":null,"y":1}]}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it("writes numbers and strings as JSON does, so equal parsed values give equal text", () => {
    expect(canonicalJson(JSON.parse('{"n": 1.50, "s": "\\u00e9"}'))).toBe(canonicalJson(JSON.parse('{"s":"é","n":1.5}')));
    expect(canonicalJson({ s: 'q"\\' })).toBe('{"s":"q\\"\\\\"}');
  });
});

describe("requestFingerprint", () => {
  const body = { fare_token: "ft_1", passengers: [{ first_name: "A" }] };
  const fingerprint = requestFingerprint("POST", "/api/v1/flight/booking/create", body);

  it("is the same for the same request however its body was spaced or ordered", () => {
    const reordered = JSON.parse('{"passengers":[ {"first_name":"A"} ],\n "fare_token":"ft_1"}') as unknown;
    expect(requestFingerprint("POST", "/api/v1/flight/booking/create", reordered)).toBe(fingerprint);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("differs when the body, the method or the URL differs", () => {
    const others = [
      requestFingerprint("POST", "/api/v1/flight/booking/create", { ...body, fare_token: "ft_2" }),
      requestFingerprint("PUT", "/api/v1/flight/booking/create", body),
      requestFingerprint("POST", "/api/v1/flight/booking/create?x=1", body),
      requestFingerprint("POST", "/api/v1/flight/booking/create", undefined),
    ];
    expect(new Set([fingerprint, ...others]).size).toBe(5);
  });
});
