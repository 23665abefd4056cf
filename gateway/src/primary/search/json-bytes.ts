/**
 * Node's Buffer has latin1Write (what write(text, offset, "latin1") calls after checking its
 * arguments); its types do not declare it.
 */
type LatinBuffer = Buffer & { latin1Write(text: string, offset: number): number };

/**
 * JSON text written as UTF-8 bytes into one growing buffer, a part at a time: the page writer
 * writes each offer's text as it is made, so a page is never one string of 100 offers (issue 17).
 */
export class JsonBytes {
  private buf = Buffer.allocUnsafe(256 * 1024) as LatinBuffer;
  private pos = 0;

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

  /** JSON text, any UTF-8. */
  utf8(text: string): void {
    this.room(Buffer.byteLength(text));
    this.pos += this.buf.write(text, this.pos, "utf8");
  }

  /** JSON text known to be ASCII: one byte per character, copied without encoding. */
  ascii(text: string): void {
    this.room(text.length);
    this.pos += this.buf.latin1Write(text, this.pos);
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes)) as LatinBuffer;
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }
}
