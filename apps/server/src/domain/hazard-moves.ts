import { HazardState } from '@guard-tour/contract';

export type HazardMove = 'assign' | 'ignore' | 'fix' | 'verify' | 'reject';

/**
 * The state machine (INSPECTION.md, Hazards): from which states a move may be made and where it leads. 指派 from
 * 待处理, or again while 整改中 (a new assignee or deadline); 忽略 from 待处理 or 整改中; the assignee's 提交整改
 * from 整改中; 复核通过 and 退回 from 待复核. 已关闭 and 已忽略 are final.
 */
export const HAZARD_MOVES: Readonly<Record<HazardMove, { from: readonly HazardState[]; to: HazardState }>> = {
  assign: { from: [HazardState.pending, HazardState.fixing], to: HazardState.fixing },
  ignore: { from: [HazardState.pending, HazardState.fixing], to: HazardState.ignored },
  fix: { from: [HazardState.fixing], to: HazardState.review },
  verify: { from: [HazardState.review], to: HazardState.closed },
  reject: { from: [HazardState.review], to: HazardState.fixing },
};

/** Where a move leads from a state, or null when it is not allowed there. */
export function nextHazardState(state: number, move: HazardMove): HazardState | null {
  const rule = HAZARD_MOVES[move];
  return (rule.from as readonly number[]).includes(state) ? rule.to : null;
}

/** A hazard is open (an abnormal answer adds an occurrence to it) until closed or ignored. */
export function isOpenHazard(state: number): boolean {
  return state !== HazardState.closed && state !== HazardState.ignored;
}
