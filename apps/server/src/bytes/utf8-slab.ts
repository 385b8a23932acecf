/** The slab's size: a page of 20 punch rows (about 10 KB) takes a hundredth of it. */
const SLAB_BYTES = 1 << 20;
/** Text that might need more than this is encoded on its own: the slab stays shared by many answers. */
const SHARED_AT_MOST = SLAB_BYTES / 8;
/** No UTF-16 unit takes more than 3 bytes in UTF-8 (a surrogate pair's two units take 4). */
const MOST_BYTES_PER_UNIT = 3;

/**
 * Strings written as UTF-8 into consecutive slices of a shared slab, each slice its own from then on: the next one
 * starts after it, and a full slab is replaced, never written again (it lives while a slice of it does, until the
 * socket has sent it). Slices for a writer to fill (`reserve`: `JsonRowsWriter`'s first buffer, which then holds the
 * answer's envelope too) are taken the same way. `Buffer.from` measures the text once and encodes it into a new allocation of its own for
 * anything over 4 KiB, which is every page of a list: 11 µs against 6 µs for a 7 KB page alone, and under P3's load
 * (issue 36) the largest part of the server's work that the bare floor server did not do (docs/performance.md).
 */
export class Utf8Slab {
  private slab = Buffer.allocUnsafe(SLAB_BYTES);
  private used = 0;

  encode(text: string): Buffer {
    const most = text.length * MOST_BYTES_PER_UNIT;
    if (most > SHARED_AT_MOST) return Buffer.from(text, 'utf8');
    const start = this.room(most);
    this.used += this.slab.write(text, start, 'utf8');
    return this.slab.subarray(start, this.used);
  }

  /** A slice of `bytes` for the caller to write (at most a shared slice's size), its own from then on. */
  reserve(bytes: number): Buffer {
    if (bytes > SHARED_AT_MOST) return Buffer.allocUnsafe(bytes);
    const start = this.room(bytes);
    this.used += bytes;
    return this.slab.subarray(start, this.used);
  }

  /** Where the next `bytes` start: in this slab, or at the start of a new one when they do not fit. */
  private room(bytes: number): number {
    if (this.used + bytes > SLAB_BYTES) {
      this.slab = Buffer.allocUnsafe(SLAB_BYTES);
      this.used = 0;
    }
    return this.used;
  }
}

/** The JSON answers' bytes (`request-log.ts`, `envelope.ts`): slices of one slab, not an allocation each. */
export const answerSlab = new Utf8Slab();
