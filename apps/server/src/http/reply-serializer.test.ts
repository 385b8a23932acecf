import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWritten, replySerializerCompiler } from './reply-serializer.js';

const item = z.object({
  item_id: z.number(),
  /** A field named as JSON Schema's keyword. */
  required: z.boolean(),
  note: z.string().nullable(),
  photos: z.array(z.number()).optional(),
  kind: z.string(),
});
const reply = z.object({ code: z.number(), msg: z.string(), data: z.array(item), total: z.number().optional() });
const route = { schema: reply, method: 'POST', url: '/api/Test/List', httpPart: 'body' as const };
const writerOf = (check: boolean) => replySerializerCompiler(check)(route);

describe('the replies’ writer', () => {
  it('writes what zod’s encode and JSON.stringify wrote: the schema’s fields only, in its order', () => {
    const data = {
      code: 200,
      msg: '成功',
      data: [
        { kind: 'a', note: null, required: true, item_id: 1, secret: 'never sent', photos: [3, 4] },
        { item_id: 2, required: false, note: '有"引号"\n和换行', kind: 'b' },
      ],
      total: 2,
    };
    const expected = JSON.stringify(z.encode(reply, data as z.output<typeof reply>));
    expect(writerOf(false)(data)).toBe(expected);
    expect(writerOf(true)(data)).toBe(expected);
    expect(expected).not.toContain('secret');
    expect(expected.indexOf('"required"')).toBeGreaterThan(expected.indexOf('"item_id"'));
  });

  it('refuses a value of the wrong type when checking; converts it otherwise', () => {
    const wrong = { code: 200, msg: '成功', data: [{ item_id: '7', required: true, note: null, kind: 'a' }] };
    expect(() => writerOf(true)(wrong)).toThrow();
    expect(writerOf(false)(wrong)).toContain('"item_id":7');
  });

  it('leaves out a missing field when not checking, and refuses it when checking', () => {
    const missing = { code: 200, msg: '成功', data: [{ item_id: 1, note: null, kind: 'a' }] };
    expect(() => writerOf(true)(missing)).toThrow();
    expect(writerOf(false)(missing)).not.toContain('required');
  });

  it('takes an answer written without it only when zod writes the same text', () => {
    const page = {
      code: 200,
      msg: '成功',
      data: [{ item_id: 1, required: true, note: '换行\n', kind: 'a' }],
      total: 1,
    };
    const text = JSON.stringify(z.encode(reply, page));
    expect(() => checkWritten(reply, route.url, Buffer.from(text))).not.toThrow();
    // A field the schema does not name, and the same fields in another order.
    const extra = text.replace('"kind":"a"', '"kind":"a","secret":1');
    const reordered = text.replace('"item_id":1,"required":true', '"required":true,"item_id":1');
    for (const wrong of [extra, reordered]) {
      expect(() => checkWritten(reply, route.url, Buffer.from(wrong))).toThrow('/api/Test/List');
    }
  });
});
