import { CheckItemKind, type ChecklistItem } from '@guard-tour/contract';
import type { GivenAnswer } from './punch-queue';

/** What the form holds for one item: the value, the option chosen, or the photos taken. */
export interface ItemDraft {
  value?: string;
  option?: string;
  photos?: Blob[];
}

/** Whether an item has an answer in the form. */
export function isAnswered(item: ChecklistItem, draft: ItemDraft | undefined): boolean {
  if (!draft) return false;
  if (item.kind === CheckItemKind.photo) return (draft.photos?.length ?? 0) > 0;
  if (item.kind === CheckItemKind.choice) return !!draft.option;
  return (draft.value ?? '').trim() !== '';
}

/** The required items not yet answered, in order: 提交 is refused while there is one (INSPECTION.md). */
export function missingRequired(items: readonly ChecklistItem[], drafts: Readonly<Record<number, ItemDraft>>) {
  return items.filter((item) => item.required && !isAnswered(item, drafts[item.item_id]));
}

/** A number outside its item's range, shown as abnormal as the guard types it. */
export function isOutOfRange(item: ChecklistItem, value: string | undefined): boolean {
  if (item.kind !== CheckItemKind.number || !value?.trim()) return false;
  const n = Number(value);
  if (!Number.isFinite(n)) return false;
  return (item.min !== null && n < item.min) || (item.max !== null && n > item.max);
}

/** The form's answers as the queue keeps them: answered items only. */
export function answersOf(items: readonly ChecklistItem[], drafts: Readonly<Record<number, ItemDraft>>): GivenAnswer[] {
  return items.flatMap((item): GivenAnswer[] => {
    const draft = drafts[item.item_id];
    if (!isAnswered(item, draft)) return [];
    if (item.kind === CheckItemKind.photo) return [{ item_id: item.item_id, photos: draft?.photos ?? [] }];
    if (item.kind === CheckItemKind.choice) return [{ item_id: item.item_id, option: draft?.option ?? '' }];
    return [{ item_id: item.item_id, value: (draft?.value ?? '').trim() }];
  });
}
