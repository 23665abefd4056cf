import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { paiseFromProto } from "@tarmac/kernel";

const NON_ASCII = /[\u0080-\uffff]/;
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** 1 for each byte a JSON string cannot hold as it is: controls, the quote, the backslash and all but ASCII. */
const ESCAPED = Uint8Array.from({ length: 256 }, (_, c) => (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c ? 1 : 0));

/** Wire types by their number on the wire (6 and 7 are not any). */
const WIRE_TYPES = [WireType.Varint, WireType.Bit64, WireType.LengthDelimited, WireType.StartGroup, WireType.EndGroup, WireType.Bit32];

/** Whether a tag's field is a varint (integers, enums, bools). */
export const isVarint = (tag: number): boolean => WIRE_TYPES[tag & 7] === WireType.Varint;

/**
 * The protobuf wire as the page writer reads it: in place, a tag as one number (no array per
 * field), strings straight to JSON text. A page reads some 5,000 fields, and protobuf-es's general
 * reader (a TextDecoder call per string, an array per tag) was half the writer's time (issue 17).
 */
export class WireReader {
  pos = 0;
  /** Whether a string read so far has characters beyond ASCII (the text then is not its own Latin-1). */
  nonAscii = false;
  private readonly buf: Buffer;
  private latin1Text: string | undefined;

  constructor(bytes: Uint8Array) {
    this.buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.buf.length;
  }

  /** field number << 3 | wire type. */
  tag(): number {
    return this.uint32();
  }

  /** A varint of at most five bytes (tags, lengths): what a 32-bit value takes. */
  uint32(): number {
    const value = this.varint32();
    if (value === undefined) throw new Error("invalid varint: more than 32 bits");
    return value;
  }

  /** An int32; a negative one (ten bytes on the wire) is read by protobuf-es. */
  int32(): number {
    const start = this.pos;
    const value = this.varint32();
    return value !== undefined && value <= 0x7fffffff ? value : this.fallback(start, (r) => r.int32());
  }

  bool(): boolean {
    return this.uint32() !== 0;
  }

  /** An int64 that must be a safe integer (money, seconds), as paiseFromProto reads it. */
  int64(): number {
    const start = this.pos;
    const buf = this.buf;
    let value = 0;
    let scale = 1;
    // Up to seven bytes (49 bits) are exact in a double; anything longer goes through BigInt.
    for (let i = 0; i < 7; i++) {
      const byte = buf[this.pos++] ?? eof();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    return paiseFromProto(BigInt(this.fallback(start, (r) => r.int64())));
  }

  /**
   * A string field as it goes between JSON's quotes, escaped exactly as JSON.stringify escapes it.
   * Printable ASCII (nearly every field) is its own Latin-1: a substring of the message's Latin-1
   * text, sliced once per message, instead of a native call or a byte loop per field.
   */
  jsonStringBody(): string {
    const buf = this.buf;
    const first = buf[this.pos] ?? eof();
    // A string shorter than 128 bytes (nearly all) has its length in one byte.
    const end = first < 0x80 ? ++this.pos + first : this.messageEnd();
    if (end > buf.length) eof();
    const start = this.pos;
    this.pos = end;
    for (let i = start; i < end; i++) {
      if (ESCAPED[buf[i] ?? 0] === 1) return this.escaped(start, end);
    }
    this.latin1Text ??= buf.toString("latin1");
    return this.latin1Text.substring(start, end);
  }

  private escaped(start: number, end: number): string {
    // Invalid UTF-8 is refused, as protobuf-es's reader refuses it, rather than shown as U+FFFD.
    const text = STRICT_UTF8.decode(this.buf.subarray(start, end));
    if (NON_ASCII.test(text)) this.nonAscii = true;
    return JSON.stringify(text).slice(1, -1);
  }

  /** Where the length-delimited message at the reader's position ends. */
  messageEnd(): number {
    const length = this.uint32();
    if (this.pos + length > this.buf.length) eof();
    return this.pos + length;
  }

  /** The bytes from the reader's position to `end`, as a key to compare messages by. */
  latin1(end: number): string {
    if (end > this.buf.length) eof();
    return this.buf.toString("latin1", this.pos, end);
  }

  skip(tag: number): void {
    const wireType = WIRE_TYPES[tag & 7];
    // The fields a page skips (an offer's fare rules) are messages: stepped over without a reader.
    if (wireType === WireType.LengthDelimited) {
      this.pos = this.messageEnd();
      return;
    }
    if (wireType === undefined) throw new Error(`invalid wire type ${tag & 7}`);
    this.fallback(this.pos, (r) => r.skip(wireType, tag >>> 3));
  }

  /** Five bytes at most, or undefined (the position then is past them). */
  private varint32(): number | undefined {
    const buf = this.buf;
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = buf[this.pos++] ?? eof();
      value |= (byte & 0x7f) << shift;
      if (byte < 0x80) return value >>> 0;
    }
    return undefined;
  }

  /** protobuf-es's reader from `pos`, for what this one leaves to it; the position follows it. */
  private fallback<T>(pos: number, read: (reader: BinaryReader) => T): T {
    const reader = new BinaryReader(this.buf);
    reader.pos = pos;
    const value = read(reader);
    this.pos = reader.pos;
    return value;
  }
}

/** Bytes cut short: protobuf-es's reader throws the same. */
function eof(): never {
  throw new Error("premature EOF");
}
