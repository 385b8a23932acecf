import { HOLD_TYPE_TEXT, HoldType } from '@guard-tour/contract';

/** Chinese names of organisation types (spec section 3: 1 operator, 2 enterprise, 3 department). */
export function holdTypeText(type: number | null | undefined): string {
  return (type !== null && type !== undefined && HOLD_TYPE_TEXT[type]) || '未知';
}

/** The 用户类型 choices of the organisation dialog, highest first. */
export const HOLD_TYPE_OPTIONS = [HoldType.operator, HoldType.enterprise, HoldType.department].map((value) => ({
  value,
  label: holdTypeText(value),
}));
