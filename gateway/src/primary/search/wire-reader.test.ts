import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { describe, expect, it } from "vitest";
import { WireReader } from "./wire-reader.js";

describe("the page writer's wire reader", () => {
  it("reads what protobuf-es writes: small and negative int32, int64 past seven bytes, bools", () => {
    const bytes = new BinaryWriter()
      .int32(7)
      .int32(-2)
      .int64(2n ** 50n + 3n)
      .int64(42n)
      .bool(true)
      .finish();
    const r = new WireReader(bytes);
    expect([r.int32(), r.int32(), r.int64(), r.int64(), r.bool()]).toEqual([7, -2, 2 ** 50 + 3, 42, true]);
    expect(r.pos).toBe(bytes.length);
  });

  it("refuses an int64 beyond a safe integer, as the JSON writers do", () => {
    expect(() => new WireReader(new BinaryWriter().int64(2n ** 60n).finish()).int64()).toThrow();
  });

  it("writes strings as JSON.stringify does, escapes and non-ASCII included", () => {
    const texts = ["DEL", "", 'a"b\\c', "tab\there", "\u0001", "Bengaluru – é ✈ 😀"];
    const writer = new BinaryWriter();
    for (const text of texts) writer.string(text);
    const r = new WireReader(writer.finish());
    expect(texts.map(() => `"${r.jsonStringBody()}"`)).toEqual(texts.map((t) => JSON.stringify(t)));
    expect(r.nonAscii).toBe(true);
  });

  it("tells whether a string had characters beyond ASCII, escaped ones aside", () => {
    const ascii = new WireReader(new BinaryWriter().string('a"b').string("tab\t").string("DEL").finish());
    expect([ascii.jsonStringBody(), ascii.jsonStringBody(), ascii.jsonStringBody(), ascii.nonAscii]).toEqual([
      'a\\"b',
      "tab\\t",
      "DEL",
      false,
    ]);
    const accent = new WireReader(new BinaryWriter().string('"é').finish());
    expect([accent.jsonStringBody(), accent.nonAscii]).toEqual(['\\"é', true]);
  });

  it("skips fields of every wire type to the next one", () => {
    const bytes = new BinaryWriter()
      .tag(1, WireType.Varint)
      .int32(300)
      .tag(2, WireType.Bit64)
      .fixed64(1n)
      .tag(3, WireType.LengthDelimited)
      .bytes(new Uint8Array(200))
      .tag(4, WireType.Bit32)
      .fixed32(9)
      .tag(5, WireType.Varint)
      .int32(11)
      .finish();
    const r = new WireReader(bytes);
    for (let i = 0; i < 4; i++) r.skip(r.tag());
    expect(r.tag() >>> 3).toBe(5);
    expect(r.int32()).toBe(11);
  });

  it("refuses bytes cut short instead of reading zeros past their end", () => {
    const bytes = new BinaryWriter()
      .int64(2n ** 40n)
      .string("DEL-BOM")
      .finish();
    expect(() => new WireReader(bytes.subarray(0, 3)).int64()).toThrow("premature EOF");
    const cut = new WireReader(bytes.subarray(0, bytes.length - 2));
    cut.int64();
    expect(() => cut.messageEnd()).toThrow("premature EOF");
  });
});
