import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAZARD_STATES, HazardState, type ChecklistItem } from '@guard-tour/contract';
import { HAZARD_MOVES, isOpenHazard, nextHazardState, type HazardMove } from './hazard-moves.js';
import { checkAnswers } from './inspection-answers.js';

const ITEMS: ChecklistItem[] = [
  { item_id: 1, text: '消防门', kind: 1, required: true, critical: true, unit: '', min: null, max: null, options: [] },
  { item_id: 2, text: '压力', kind: 2, required: true, critical: false, unit: 'MPa', min: 0.2, max: 0.6, options: [] },
  {
    item_id: 3,
    text: '铅封',
    kind: 3,
    required: false,
    critical: false,
    unit: '',
    min: null,
    max: null,
    options: [
      { text: '完好', abnormal: false },
      { text: '破损', abnormal: true },
    ],
  },
  { item_id: 4, text: '备注', kind: 4, required: false, critical: false, unit: '', min: null, max: null, options: [] },
  { item_id: 5, text: '照片', kind: 5, required: false, critical: false, unit: '', min: null, max: null, options: [] },
];

describe('the answer rules', () => {
  it('count a number outside the range, 异常 and an abnormal option as abnormal, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.constantFrom('完好', '破损', null),
        (door, pressure, seal) => {
          const result = checkAnswers(ITEMS, [
            { item_id: 1, value: door ? '正常' : '异常' },
            { item_id: 2, value: pressure },
            ...(seal ? [{ item_id: 3, option: seal }] : []),
          ]);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const expected = (door ? 0 : 1) + (pressure < 0.2 || pressure > 0.6 ? 1 : 0) + (seal === '破损' ? 1 : 0);
          expect(result.abnormal).toBe(expected);
          expect(result.answers.map((a) => a.item_id)).toEqual([1, 2, ...(seal ? [3] : [])]);
        },
      ),
    );
  });

  it('refuse any answer that does not fit its item, and a missing required item, naming it', () => {
    const ok = [
      { item_id: 1, value: '正常' },
      { item_id: 2, value: '0.3' },
    ];
    expect(checkAnswers(ITEMS, [ok[0]!])).toEqual({ ok: false, reason: '请填写必填项：压力' });
    expect(checkAnswers(ITEMS, [ok[0]!, { item_id: 2, value: '0x10' }])).toEqual({
      ok: false,
      reason: '压力：请输入数字',
    });
    expect(checkAnswers(ITEMS, [...ok, { item_id: 3, option: '丢失' }])).toEqual({
      ok: false,
      reason: '铅封：请选择列出的选项',
    });
    expect(checkAnswers(ITEMS, [...ok, { item_id: 4, value: '长'.repeat(501) }])).toMatchObject({ ok: false });
    expect(checkAnswers(ITEMS, [...ok, { item_id: 1, value: '正常' }])).toMatchObject({ ok: false });
    expect(checkAnswers(ITEMS, [...ok, { item_id: 9, value: '正常' }])).toMatchObject({ ok: false });
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(text.trim() !== '' && text.trim() !== '正常' && text.trim() !== '异常');
        expect(checkAnswers(ITEMS, [{ item_id: 1, value: text }, ok[1]!])).toEqual({
          ok: false,
          reason: '消防门：请选择正常或异常',
        });
      }),
    );
  });
});

const MOVES = Object.keys(HAZARD_MOVES) as HazardMove[];

describe('the hazard state machine', () => {
  it('ends every sequence of moves in an allowed state, each move from a state it allows; closed and ignored are final', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MOVES), { maxLength: 30 }), (moves) => {
        let state: number = HazardState.pending;
        const history: [number, number][] = [];
        for (const move of moves) {
          const next = nextHazardState(state, move);
          if (next === null) continue;
          expect((HAZARD_MOVES[move].from as readonly number[]).includes(state)).toBe(true);
          expect(isOpenHazard(state)).toBe(true);
          history.push([state, next]);
          state = next;
        }
        expect(HAZARD_STATES).toContain(state);
        // The history is a chain: each line starts where the one before ended.
        history.forEach(([from], i) => expect(from).toBe(i === 0 ? HazardState.pending : history[i - 1]![1]));
        if (!isOpenHazard(state)) for (const move of MOVES) expect(nextHazardState(state, move)).toBeNull();
      }),
    );
  });

  it('reaches 已关闭 only through 待复核, and 待复核 only by 提交整改 from 整改中', () => {
    expect(nextHazardState(HazardState.pending, 'verify')).toBeNull();
    expect(nextHazardState(HazardState.fixing, 'verify')).toBeNull();
    expect(nextHazardState(HazardState.review, 'verify')).toBe(HazardState.closed);
    expect(nextHazardState(HazardState.pending, 'fix')).toBeNull();
    expect(nextHazardState(HazardState.fixing, 'fix')).toBe(HazardState.review);
    expect(nextHazardState(HazardState.review, 'reject')).toBe(HazardState.fixing);
    expect(nextHazardState(HazardState.review, 'ignore')).toBeNull();
  });
});
