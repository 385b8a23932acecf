/**
 * Zip-bomb limits (QUALITY.md R5), judged from the archive's own directory before anything is unpacked:
 * the end-of-central-directory record (zip64 too) and the central directory entries. Nothing is inflated.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Declared unpacked bytes of all entries together. */
  maxUnpacked: number;
  /** Unpacked : packed, for one entry and for the whole archive… */
  maxRatio: number;
  /** …counted once the unpacked size passes this (a tiny file cannot be a bomb). */
  ratioFloor: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxUnpacked: 500 * 1024 * 1024,
  maxRatio: 100,
  ratioFloor: 1024 * 1024,
};

/** Random access to the bytes of a file (a Buffer in tests, a file handle on the server). */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export type ZipVerdict =
  | { ok: true; names: string[]; unpacked: number }
  | { ok: false; reason: 'malformed' | 'tooManyEntries' | 'tooLarge' | 'ratio' };

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
const ZIP64_EXTRA = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
/** A central directory this large is not an honest spreadsheet of at most 1,000 entries. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

export function bufferSource(buffer: Buffer): ByteSource {
  return { size: buffer.length, read: async (position, length) => buffer.subarray(position, position + length) };
}

interface Directory {
  entries: number;
  size: number;
  offset: number;
}

function u64(buffer: Buffer, at: number): number {
  return Number(buffer.readBigUInt64LE(at));
}

async function readDirectoryEnd(file: ByteSource): Promise<Directory | null> {
  const tailLength = Math.min(file.size, EOCD_SIZE + U16_MAX);
  const tailStart = file.size - tailLength;
  const tail = await file.read(tailStart, tailLength);
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    if (i + EOCD_SIZE + tail.readUInt16LE(i + 20) > tail.length) continue;
    if (tail.readUInt16LE(i + 4) !== 0 || tail.readUInt16LE(i + 6) !== 0) return null; // split archives
    const directory = {
      entries: tail.readUInt16LE(i + 10),
      size: tail.readUInt32LE(i + 12),
      offset: tail.readUInt32LE(i + 16),
    };
    const zip64 = directory.entries === U16_MAX || directory.size === U32_MAX || directory.offset === U32_MAX;
    return zip64 ? readZip64End(file, tailStart + i) : directory;
  }
  return null;
}

async function readZip64End(file: ByteSource, eocdPosition: number): Promise<Directory | null> {
  if (eocdPosition < 20) return null;
  const locator = await file.read(eocdPosition - 20, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const position = u64(locator, 8);
  if (position + 56 > file.size) return null;
  const record = await file.read(position, 56);
  if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return null;
  return { entries: u64(record, 32), size: u64(record, 40), offset: u64(record, 48) };
}

/** The sizes a zip64 extra field carries for the header fields that say 0xFFFFFFFF. */
function zip64Sizes(extra: Buffer, packed: number, unpacked: number): { packed: number; unpacked: number } {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const end = Math.min(at + 4 + length, extra.length);
      if (unpacked === U32_MAX && field + 8 <= end) {
        unpacked = u64(extra, field);
        field += 8;
      }
      if (packed === U32_MAX && field + 8 <= end) packed = u64(extra, field);
      break;
    }
    at += 4 + length;
  }
  return { packed, unpacked };
}

function tooDense(unpacked: number, packed: number, limits: ZipLimits): boolean {
  return unpacked > limits.ratioFloor && unpacked / Math.max(packed, 1) > limits.maxRatio;
}

/** Whether a zip archive stays within the limits, read from its central directory only. */
export async function inspectZip(file: ByteSource, limits: ZipLimits = ZIP_LIMITS): Promise<ZipVerdict> {
  if (file.size < EOCD_SIZE) return { ok: false, reason: 'malformed' };
  const directory = await readDirectoryEnd(file);
  if (!directory) return { ok: false, reason: 'malformed' };
  if (directory.entries > limits.maxEntries) return { ok: false, reason: 'tooManyEntries' };
  if (directory.size > MAX_DIRECTORY_BYTES || directory.offset + directory.size > file.size) {
    return { ok: false, reason: 'malformed' };
  }
  const entries = await file.read(directory.offset, directory.size);
  const names: string[] = [];
  let unpackedTotal = 0;
  let packedTotal = 0;
  let at = 0;
  while (at + CENTRAL_HEADER_SIZE <= entries.length && entries.readUInt32LE(at) === CENTRAL_SIGNATURE) {
    if (names.length >= limits.maxEntries) return { ok: false, reason: 'tooManyEntries' };
    const nameLength = entries.readUInt16LE(at + 28);
    const extraLength = entries.readUInt16LE(at + 30);
    const commentLength = entries.readUInt16LE(at + 32);
    const nameStart = at + CENTRAL_HEADER_SIZE;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > entries.length) return { ok: false, reason: 'malformed' };
    const { packed, unpacked } = zip64Sizes(
      entries.subarray(extraStart, extraStart + extraLength),
      entries.readUInt32LE(at + 20),
      entries.readUInt32LE(at + 24),
    );
    if (tooDense(unpacked, packed, limits)) return { ok: false, reason: 'ratio' };
    unpackedTotal += unpacked;
    packedTotal += packed;
    if (unpackedTotal > limits.maxUnpacked) return { ok: false, reason: 'tooLarge' };
    names.push(entries.toString('utf8', nameStart, extraStart));
    at = next;
  }
  if (names.length === 0 || names.length !== directory.entries) return { ok: false, reason: 'malformed' };
  if (tooDense(unpackedTotal, packedTotal, limits)) return { ok: false, reason: 'ratio' };
  return { ok: true, names, unpacked: unpackedTotal };
}
