import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from './calls/index.js';
import {
  WIRE_SPELLINGS,
  includeChildren,
  internal,
  optionalHoldId,
  readsInternalShape,
  wireNamesOf,
} from './common.js';
import { pagingSchema } from './envelope.js';

/** The object a call's input checks on the wire: the schema itself, or the one its pipes begin with. */
function wireObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodPipe) current = current.in as z.ZodType;
  return current instanceof z.ZodObject ? current : undefined;
}

/**
 * Calls whose wire input names an organisation in a wire spelling that is not a filter or an owner: the edited
 * organisation's own id (SaveHoldInfo's `hold_id`, 0 for a new one), read like any other row's id.
 */
const OWN_IDS = new Set(['/api/HoldInfo/SaveHoldInfo']);

describe('one internal shape (issue 30)', () => {
  const wire = pagingSchema.extend({ HoldID: optionalHoldId, ContainChildren: includeChildren, key: z.string() });

  it('reads the wire spellings into holdId, includeChildren, page and pageSize, the rest as it is', () => {
    expect(internal(wire).parse({ HoldID: '7', ContainChildren: 'false', PageIndex: '2', key: 'a' })).toEqual({
      holdId: 7,
      includeChildren: false,
      page: 2,
      pageSize: 25,
      key: 'a',
    });
    const snake = internal(z.object({ hold_id: optionalHoldId, include_children: includeChildren }));
    expect(snake.parse({})).toEqual({ holdId: undefined, includeChildren: true });
  });

  it('refuses, when the contract is loaded, an input naming one thing twice on the wire', () => {
    expect(() => internal(z.object({ HoldID: optionalHoldId, hold_id: optionalHoldId }))).toThrow(/holdId twice/);
  });

  it('leaves what the wire accepts, and what OpenAPI says of it, exactly as it was', () => {
    expect(z.toJSONSchema(internal(wire), { io: 'input' })).toEqual(z.toJSONSchema(wire, { io: 'input' }));
    expect(internal(wire).safeParse({ HoldID: 'x' }).error?.issues).toEqual(
      wire.safeParse({ HoldID: 'x' }).error?.issues,
    );
  });

  it('gives the client the way back: each internal name with this call’s wire spelling', () => {
    expect(wireNamesOf(internal(wire))).toEqual({
      holdId: 'HoldID',
      includeChildren: 'ContainChildren',
      page: 'PageIndex',
      pageSize: 'PageSize',
    });
    expect(wireNamesOf(internal(z.object({ hold_id: optionalHoldId, include_children: includeChildren })))).toEqual({
      holdId: 'hold_id',
      includeChildren: 'include_children',
    });
    expect(wireNamesOf(wire)).toEqual({});
    // Every call that reads the internal shape has a wire object the way back is read from.
    const unfound = Object.values(calls)
      .flatMap((area) => Object.values(area))
      .filter((one) => one.input !== undefined && readsInternalShape(one.input) && !wireObject(one.input))
      .map((one) => one.path);
    expect(unfound).toEqual([]);
  });

  it('is how every call whose input spells organisation, children flag or paging the wire way reads it', () => {
    const unread = Object.values(calls)
      .flatMap((area) => Object.values(area))
      .filter((one) => one.input !== undefined && !OWN_IDS.has(one.path))
      .filter((one) => Object.keys(wireObject(one.input!)?.shape ?? {}).some((f) => WIRE_SPELLINGS.includes(f)))
      .filter((one) => !readsInternalShape(one.input!))
      .map((one) => one.path);
    expect(unread).toEqual([]);
  });
});
