import { describe, expect, it } from "vitest";
import { JsonBytes } from "./json-bytes.js";

/** A text of `n` bytes written in parts of 1 KiB, as the page writer writes offers. */
function write(out: JsonBytes, n: number, char: string): Buffer {
  for (let left = n; left > 0; left -= 1024) out.ascii(char.repeat(Math.min(1024, left)));
  return out.take();
}

describe("JSON texts written into slabs", () => {
  it("hands out each text whole and never changes one taken before, across slabs", () => {
    const out = new JsonBytes();
    // 40 texts of 60 KB: more than two slabs, each text crossing a slab's end at some point.
    const texts = Array.from({ length: 40 }, (_, i) => ({
      char: String.fromCharCode(65 + (i % 26)),
      text: write(out, 60_000 + i, String.fromCharCode(65 + (i % 26))),
    }));
    for (const [i, { char, text }] of texts.entries()) {
      expect(text.length).toBe(60_000 + i);
      expect(text.toString("latin1")).toBe(char.repeat(60_000 + i));
    }
  });

  it("writes UTF-8 and holds a text larger than a slab", () => {
    const out = new JsonBytes();
    out.utf8('{"name":"Zoë ✈"}');
    expect(out.take().toString("utf8")).toBe('{"name":"Zoë ✈"}');
    const big = write(out, 3 * 1024 * 1024, "x");
    expect(big.length).toBe(3 * 1024 * 1024);
    expect(big.every((b) => b === 0x78)).toBe(true);
  });

  it("drops a text abandoned half-way on reset, and never a text taken before it, in the same slab or after a move", () => {
    const out = new JsonBytes();
    const first = write(out, 1000, "a");
    out.ascii('{"half":');
    out.reset();
    out.ascii("[]");
    expect(out.take().toString()).toBe("[]");
    expect(first.toString()).toBe("a".repeat(1000));
    // A text abandoned after it moved to a new slab: what was taken in the old slab stays as it was.
    const before = write(out, 900_000, "b");
    write(out, 100, "c");
    out.ascii("d".repeat(200_000));
    out.reset();
    const after = write(out, 10, "e");
    expect(after.toString()).toBe("e".repeat(10));
    expect(before.every((byte) => byte === 0x62)).toBe(true);
  });
});
