import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A .zip written front to back as its entries are produced (an .xlsx is a zip): each entry deflated as it streams,
 * its CRC and sizes in a data descriptor after it, the central directory at the end. Waits for the file and the
 * compressor (backpressure), so memory stays flat however long an entry is. Entries and the whole stay below
 * 4 GiB (no ZIP64): an export's sheet is far smaller.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: { name: Buffer; offset: number; crc: number; compressed: number; size: number }[] = [];
  private readonly out: WriteStream;

  constructor(
    file: string,
    private readonly level = 1,
  ) {
    this.out = createWriteStream(file, { highWaterMark: QUEUED_BYTES });
  }

  /** Adds an entry whose content is `parts` (text, written as UTF-8, or bytes), in order. */
  async add(name: string, parts: string | Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<void> {
    const entry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.put(localHeader(entry.name));
    const deflate = createDeflateRaw({ level: this.level, chunkSize: 64 * 1024 });
    const sending = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.put(chunk);
      }
    })();
    for await (const part of typeof parts === 'string' ? [parts] : parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      // Up to QUEUED_BYTES wait for the compressor while the next part is built.
      if (!deflate.write(bytes) && deflate.writableLength > QUEUED_BYTES) await once(deflate, 'drain');
    }
    deflate.end();
    await sending;
    if (entry.size > MAX_32 || this.offset > MAX_32) throw new Error('zip entry over 4 GiB');
    await this.put(dataDescriptor(entry));
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.put(centralHeader(entry));
    await this.put(endOfDirectory(this.entries.length, this.offset - start, start));
    this.out.end();
    await once(this.out, 'close');
  }

  /** Drops the unfinished file's stream (the caller removes the file). */
  destroy(): void {
    this.out.destroy();
  }

  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }
}

/** Bytes queued for the compressor, and for the file, before the writer waits. */
const QUEUED_BYTES = 1024 * 1024;
const MAX_32 = 0xffffffff;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** 1980-01-01 00:00 in DOS time and date: entries carry no meaningful time. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  // CRC and sizes (14–25) are 0 here: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: { crc: number; compressed: number; size: number }): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: { name: Buffer; offset: number; crc: number; compressed: number; size: number }) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk, attributes: none (30–41).
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}
