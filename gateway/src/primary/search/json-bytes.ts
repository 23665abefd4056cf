/** A slab holds about seven pages of 100 offers (141 KB each); a text longer than what is left moves to a new one. */
const SLAB_BYTES = 1024 * 1024;

/**
 * JSON texts written as UTF-8 bytes into a slab, one after the other, a part at a time: the page
 * writer writes each offer's text as it is made, so a page is never one string of 100 offers, and
 * the page is handed out as a view of the slab, not a copy (issue 17). A slab is freed once no
 * text in it is referenced any more (sent, or dropped); the next text goes to a new one.
 */
export class JsonBytes {
  private slab = Buffer.allocUnsafe(SLAB_BYTES);
  /** Where the text being written starts in the slab. */
  private start = 0;
  private pos = 0;

  /** Drops what was written since the last take (a text abandoned half-way). */
  reset(): void {
    this.pos = this.start;
  }

  /** The text written since the last take or reset, as a view of the slab that nothing will overwrite. */
  take(): Buffer {
    const text = this.slab.subarray(this.start, this.pos);
    this.start = this.pos;
    return text;
  }

  /** JSON text, any UTF-8. */
  utf8(text: string): void {
    this.room(Buffer.byteLength(text));
    this.pos += this.slab.write(text, this.pos, "utf8");
  }

  /** JSON text known to be ASCII: one byte per character, copied without encoding. */
  ascii(text: string): void {
    this.room(text.length);
    this.pos += this.slab.write(text, this.pos, "latin1");
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.slab.length) return;
    const written = this.pos - this.start;
    // The texts taken before stay where they are; the one being written moves with its part.
    const slab = Buffer.allocUnsafe(Math.max(SLAB_BYTES, 2 * (written + bytes)));
    this.slab.copy(slab, 0, this.start, this.pos);
    this.slab = slab;
    this.start = 0;
    this.pos = written;
  }
}
