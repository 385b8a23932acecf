import { describe, expect, it } from 'vitest';
import { Utf8Slab } from './utf8-slab.js';

describe('Utf8Slab', () => {
  it('writes the bytes Buffer.from writes: ASCII, Chinese, a surrogate pair, a lone surrogate, nothing', () => {
    const slab = new Utf8Slab();
    for (const text of ['{"code":200}', '巡检点"东门"', '打卡 🚩 完成', 'lone \ud800 half', '']) {
      expect(slab.encode(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });

  it('never writes over an answer it gave, across slabs', () => {
    const slab = new Utf8Slab();
    const page = (i: number) => `{"code":200,"msg":"成功","data":[${`{"patrol_name":"巡检点${i}"},`.repeat(200)}null]}`;
    // About 9 KB each at most three bytes a unit: well over one slab's worth, so slabs are replaced on the way.
    const given = Array.from({ length: 400 }, (_, i) => slab.encode(page(i)));
    given.forEach((bytes, i) => expect(bytes.toString('utf8')).toBe(page(i)));
    expect(new Set(given.map((bytes) => bytes.buffer)).size).toBeGreaterThan(1);
  });

  it('encodes a large text on its own', () => {
    const slab = new Utf8Slab();
    const small = slab.encode('巡检');
    const large = slab.encode('巡'.repeat(100_000));
    expect(large.toString('utf8')).toBe('巡'.repeat(100_000));
    expect(large.buffer).not.toBe(small.buffer);
    expect(slab.encode('记录').buffer).toBe(small.buffer);
  });

  it('reserves slices without touching what it gave before', () => {
    const slab = new Utf8Slab();
    const first = slab.encode('{"data":[1,2]}');
    const reserved = slab.reserve(4);
    reserved.write('巡', 0, 'utf8');
    const after = slab.encode('检');
    expect(first.toString()).toBe('{"data":[1,2]}');
    expect(reserved.subarray(0, 3).toString()).toBe('巡');
    expect(after.toString()).toBe('检');
    expect(slab.reserve(1 << 20).length).toBe(1 << 20);
  });
});
