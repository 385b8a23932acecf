import { HoldType } from '@guard-tour/contract';

/** Chinese names of organisation types (spec section 3: 1 operator, 2 enterprise, 3 department). */
const HOLD_TYPE_TEXT: Record<number, string> = {
  [HoldType.operator]: '运营商',
  [HoldType.enterprise]: '企业',
  [HoldType.department]: '部门',
};

export function holdTypeText(type: number | null | undefined): string {
  return (type !== null && type !== undefined && HOLD_TYPE_TEXT[type]) || '未知';
}
