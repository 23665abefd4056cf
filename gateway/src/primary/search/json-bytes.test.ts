import { describe, expect, it } from "vitest";
import { JsonBytes, stringSpan } from "./json-bytes.js";

const utf8 = new TextEncoder();

/** `texts` one after another in one message's bytes, and each one's span. */
function message(texts: readonly string[]): { bytes: Uint8Array; spans: number[] } {
  const parts = texts.map((t) => utf8.encode(t));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length + 3, 0));
  const spans: number[] = [];
  let at = 0;
  for (const part of parts) {
    at += 3; // something else before each string, as fields have tags and lengths
    bytes.set(part, at);
    spans.push(stringSpan(at, part.length));
    at += part.length;
  }
  return { bytes, spans };
}

describe("JsonBytes", () => {
  it("writes string fields from their bytes as JSON.stringify writes their text, growing as it needs", () => {
    const texts = ["AI", "", 'quote " here', "back\\slash", "line\nfeed\ttab\u0001", "Mumbaí ✈ 東京 😀", "x".repeat(5000)];
    const { bytes, spans } = message(texts);
    const out = new JsonBytes(16).ascii("[");
    spans.forEach((span, i) => (i > 0 ? out.ascii(",") : out).wireString(bytes, span));
    expect(out.ascii("]").bytes().toString("utf8")).toBe(JSON.stringify(texts));
  });

  it("refuses a span it cannot represent", () => {
    expect(() => stringSpan(0, 2 ** 24)).toThrow(/longer than a page/);
  });
});
