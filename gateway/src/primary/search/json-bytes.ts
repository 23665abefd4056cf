const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FIRST_PRINTABLE = 0x20;
/** Bytes of a string span (see `JsonBytes.wireString`) fit below this; the start is the rest. */
const SPAN_LENGTH = 2 ** 24;
const decoder = new TextDecoder();

/**
 * A protobuf string field's place in its message's bytes, as one number (start and length), so a
 * reader can note where a field is and write it later without decoding it.
 */
export function stringSpan(start: number, length: number): number {
  if (length >= SPAN_LENGTH) throw new Error(`a string field of ${length} bytes is longer than a page ever holds`);
  return start * SPAN_LENGTH + length;
}

/** A span's start and end in its message's bytes. */
export function spanBounds(span: number): [start: number, end: number] {
  const length = span % SPAN_LENGTH;
  const start = (span - length) / SPAN_LENGTH;
  return [start, start + length];
}

/**
 * JSON written as UTF-8 bytes into one buffer that grows as needed: the page answer is sent as
 * these bytes, with no string built, joined and encoded again on the way out.
 */
export class JsonBytes {
  private buffer: Buffer;
  private length = 0;

  constructor(expectedBytes: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, 1024));
  }

  /** ASCII text exactly as given: punctuation, property names, numbers, enum names, ISO instants. */
  ascii(text: string): this {
    this.reserve(text.length);
    this.length += this.buffer.write(text, this.length, "latin1");
    return this;
  }

  /** A string field of `source` (its span) as a JSON string, as JSON.stringify writes the decoded text. */
  wireString(source: Uint8Array, span: number): this {
    const [start, end] = spanBounds(span);
    const size = end - start;
    for (let i = start; i < end; i++) {
      const byte = source[i] ?? 0;
      // UTF-8 bytes of characters past ASCII are >= 0x80, never these: JSON keeps them as they are.
      if (byte < FIRST_PRINTABLE || byte === QUOTE || byte === BACKSLASH) return this.escaped(decoder.decode(source.subarray(start, end)));
    }
    this.reserve(size + 2);
    const buffer = this.buffer;
    buffer[this.length++] = QUOTE;
    buffer.set(source.subarray(start, end), this.length);
    this.length += size;
    buffer[this.length++] = QUOTE;
    return this;
  }

  /** The bytes written. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private escaped(text: string): this {
    const json = JSON.stringify(text);
    this.reserve(Buffer.byteLength(json));
    this.length += this.buffer.write(json, this.length, "utf8");
    return this;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
