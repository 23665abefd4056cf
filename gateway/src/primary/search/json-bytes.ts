/**
 * JSON text written as UTF-8 bytes into one growing buffer: the page writer copies each string's
 * bytes from the wire as they are (printable ASCII needs no escaping) and each constant part of
 * the answer from bytes encoded once, so a page makes no intermediate strings (issue 17).
 */
export class JsonBytes {
  private buf = Buffer.allocUnsafe(256 * 1024);
  pos = 0;

  /** Starts a new text in the same buffer (one page at a time: writing is synchronous). */
  reset(): void {
    this.pos = 0;
  }

  /** A copy of the text written since reset. */
  take(): Buffer {
    // allocUnsafe: every byte is copied over (Buffer.from would zero the memory first).
    const text = Buffer.allocUnsafe(this.pos);
    this.buf.copy(text, 0, 0, this.pos);
    return text;
  }

  /** Bytes that are JSON already (keys, punctuation, cached fragments). */
  raw(bytes: Uint8Array): void {
    const length = bytes.length;
    this.room(length);
    const buf = this.buf;
    let at = this.pos;
    // Keys and punctuation are short: a loop costs less than a native copy's call.
    for (let i = 0; i < length; i++) buf[at++] = bytes[i] ?? 0;
    this.pos = at;
  }

  /** Text that is JSON already, any UTF-8 (the page's own fields, written with JSON.stringify). */
  json(text: string): void {
    this.room(Buffer.byteLength(text));
    this.pos += this.buf.write(text, this.pos, "utf8");
  }

  /** A string of printable ASCII that needs no escaping (ISO instants, enum names). */
  ascii(text: string): void {
    const length = text.length;
    this.room(length);
    const buf = this.buf;
    let at = this.pos;
    for (let i = 0; i < length; i++) buf[at++] = text.charCodeAt(i);
    this.pos = at;
  }

  /** A non-negative or negative safe integer, as JSON writes it. */
  int(value: number): void {
    this.ascii(String(value));
  }

  /** The UTF-8 string at `src[start, end)` as a JSON string, escaped exactly as JSON.stringify would. */
  string(src: Buffer, start: number, end: number): void {
    this.room(end - start + 2);
    const buf = this.buf;
    let at = this.pos;
    buf[at++] = 0x22;
    for (let i = start; i < end; i++) {
      const c = src[i] ?? 0;
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
        this.escaped(src.toString("utf8", start, end));
        return;
      }
      buf[at++] = c;
    }
    buf[at++] = 0x22;
    this.pos = at;
  }

  private escaped(text: string): void {
    this.json(JSON.stringify(text));
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }
}

/** A constant part of the answer, encoded once. */
export const bytesOf = (text: string): Buffer => Buffer.from(text, "utf8");
