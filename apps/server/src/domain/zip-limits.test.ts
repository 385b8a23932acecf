import { describe, expect, it } from 'vitest';
import { buildZip, deflatedZeros } from '../test/zip-builder.js';
import { bufferSource, inspectZip } from './zip-limits.js';

const MB = 1024 * 1024;
const inspect = (zip: Buffer) => inspectZip(bufferSource(zip));

describe('zip limits read from the central directory', () => {
  it('lets an ordinary workbook through and names its entries', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'.repeat(100)) },
    ]);
    expect(await inspect(zip)).toEqual({ ok: true, names: ['[Content_Types].xml', 'xl/workbook.xml'], unpacked: 1108 });
  });

  it('refuses a real bomb: 200 MB of zeros deflated to a few hundred kB', async () => {
    const bomb = await deflatedZeros(200 * MB);
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', ...bomb, unpackedSize: 200 * MB }]);
    expect(zip.length).toBeLessThan(MB);
    expect(await inspect(zip)).toEqual({ ok: false, reason: 'ratio' });
  });

  it('refuses more than 1,000 entries, whatever the end record claims', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') }));
    expect(await inspect(buildZip(many))).toEqual({ ok: false, reason: 'tooManyEntries' });
    const lying = buildZip(many);
    lying.writeUInt16LE(1, lying.length - 22 + 8);
    lying.writeUInt16LE(1, lying.length - 22 + 10);
    expect((await inspect(lying)).ok).toBe(false);
    expect((await inspect(buildZip(many.slice(0, 1000)))).ok).toBe(true);
  });

  it('refuses more than 500 MB declared unpacked even at a modest ratio', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({
      name: `part${i}`,
      packed: Buffer.alloc(MB),
      unpackedSize: 50 * MB,
      crc: 0,
    }));
    expect(await inspect(buildZip(entries))).toEqual({ ok: false, reason: 'tooLarge' });
    expect((await inspect(buildZip(entries.slice(0, 10)))).ok).toBe(true);
  });

  it('reads zip64 sizes hidden in the extra field', async () => {
    const zip = buildZip([{ name: 'big', packed: Buffer.alloc(10), unpackedSize: 0, crc: 0 }]);
    // Rewrite the central entry: sizes 0xFFFFFFFF with a zip64 extra field claiming 4 GB unpacked.
    const end = zip.length - 22;
    const directoryOffset = zip.readUInt32LE(end + 16);
    const central = Buffer.from(zip.subarray(directoryOffset, end));
    central.writeUInt32LE(0xffffffff, 20);
    central.writeUInt32LE(0xffffffff, 24);
    central.writeUInt16LE(20, 30);
    const extra = Buffer.alloc(20);
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(4n * 1024n * 1024n * 1024n, 4);
    extra.writeBigUInt64LE(10n, 12);
    const directory = Buffer.concat([central, extra]);
    const record = Buffer.from(zip.subarray(end));
    record.writeUInt32LE(directory.length, 12);
    const rebuilt = Buffer.concat([zip.subarray(0, directoryOffset), directory, record]);
    expect(await inspect(rebuilt)).toEqual({ ok: false, reason: 'ratio' });
  });

  it('calls anything without a readable directory malformed', async () => {
    expect(await inspect(Buffer.from('PK\x03\x04 just a header'))).toEqual({ ok: false, reason: 'malformed' });
    expect(await inspect(Buffer.alloc(0))).toEqual({ ok: false, reason: 'malformed' });
    const truncated = buildZip([{ name: 'a', data: Buffer.from('a') }]);
    truncated.writeUInt32LE(1_000_000, truncated.length - 22 + 16);
    expect(await inspect(truncated)).toEqual({ ok: false, reason: 'malformed' });
  });
});
