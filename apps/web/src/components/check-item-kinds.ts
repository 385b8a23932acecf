import type { CheckItemKind } from '@guard-tour/contract';

/** The five kinds of a checklist item (INSPECTION.md), as the console names them. */
export const CHECK_ITEM_KIND_TEXT: Readonly<Record<CheckItemKind, string>> = {
  1: '正常/异常',
  2: '数值',
  3: '单选',
  4: '文本',
  5: '拍照',
};
