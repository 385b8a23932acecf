import {
  ABNORMAL_VALUE,
  CheckItemKind,
  MAX_ANSWER_PHOTOS,
  MAX_ANSWER_TEXT,
  NORMAL_VALUE,
  type ChecklistItem,
} from '@guard-tour/contract';
import { inspectionRefusals } from './inspection-messages.js';

/** An answer as the app sends it (shape already read by the contract). */
export interface GivenAnswer {
  item_id: number;
  value?: string | number | null | undefined;
  option?: string | null | undefined;
  photo_ids?: number[] | null | undefined;
}

/** An answer as stored: the item copied as it was, the answer, and whether it is abnormal. */
export interface StoredAnswer {
  item_id: number;
  position: number;
  item_text: string;
  kind: number;
  critical: boolean;
  unit: string;
  min: number | null;
  max: number | null;
  options: { text: string; abnormal: boolean }[];
  value: string;
  option: string;
  photo_ids: number[];
  abnormal: boolean;
}

export type AnswerCheck = { ok: true; answers: StoredAnswer[]; abnormal: number } | { ok: false; reason: string };

/** How an answer reads in a hazard and a list: 异常, `12.5 MPa`, the option chosen, the text. */
export function answerText(answer: Pick<StoredAnswer, 'kind' | 'value' | 'unit' | 'option' | 'photo_ids'>): string {
  if (answer.kind === CheckItemKind.choice) return answer.option;
  if (answer.kind === CheckItemKind.number) return `${answer.value}${answer.unit ? ` ${answer.unit}` : ''}`;
  if (answer.kind === CheckItemKind.photo) return `${answer.photo_ids.length} 张照片`;
  return answer.value;
}

/**
 * The answer rules (INSPECTION.md, Inspection items): every answer names an item of the point's checklist once and
 * fits its kind (正常/异常; a number, abnormal outside the range; one of the options, abnormal when marked so; text
 * ≤ 500; 1–3 photos), and every required item is answered. The first rule broken is the reason the record is
 * refused; otherwise the answers in the items' order with their abnormal count.
 */
export function checkAnswers(items: readonly ChecklistItem[], given: readonly GivenAnswer[]): AnswerCheck {
  const byId = new Map(items.map((item, position) => [item.item_id, { item, position }]));
  const seen = new Set<number>();
  const answers: StoredAnswer[] = [];
  for (const answer of given) {
    const found = byId.get(answer.item_id);
    if (!found) return { ok: false, reason: inspectionRefusals.answerUnknown };
    if (seen.has(answer.item_id)) return { ok: false, reason: inspectionRefusals.answerTwice };
    seen.add(answer.item_id);
    const { item, position } = found;
    const base = {
      item_id: item.item_id,
      position,
      item_text: item.text,
      kind: item.kind,
      critical: item.critical,
      unit: item.unit,
      min: item.min,
      max: item.max,
      options: item.options,
      value: '',
      option: '',
      photo_ids: [] as number[],
      abnormal: false,
    };
    const raw = typeof answer.value === 'number' ? String(answer.value) : (answer.value ?? '').trim();
    switch (item.kind) {
      case CheckItemKind.normal: {
        const value = raw || (answer.option ?? '').trim();
        if (value === '') break;
        if (value !== NORMAL_VALUE && value !== ABNORMAL_VALUE)
          return { ok: false, reason: inspectionRefusals.answerNormal(item.text) };
        answers.push({ ...base, value, abnormal: value === ABNORMAL_VALUE });
        break;
      }
      case CheckItemKind.number: {
        if (raw === '') break;
        const n = Number(raw);
        if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) || !Number.isFinite(n)) {
          return { ok: false, reason: inspectionRefusals.answerNumber(item.text) };
        }
        const outside = (item.min !== null && n < item.min) || (item.max !== null && n > item.max);
        answers.push({ ...base, value: String(n), abnormal: outside });
        break;
      }
      case CheckItemKind.choice: {
        const option = (answer.option ?? raw).trim();
        if (option === '') break;
        const chosen = item.options.find((o) => o.text === option);
        if (!chosen) return { ok: false, reason: inspectionRefusals.answerOption(item.text) };
        answers.push({ ...base, option, abnormal: chosen.abnormal });
        break;
      }
      case CheckItemKind.text: {
        if (raw === '') break;
        if (raw.length > MAX_ANSWER_TEXT || raw.includes('\u0000'))
          return { ok: false, reason: inspectionRefusals.answerText(item.text) };
        answers.push({ ...base, value: raw });
        break;
      }
      case CheckItemKind.photo: {
        const photos = [...new Set(answer.photo_ids ?? [])];
        if (photos.length === 0) break;
        if (photos.length > MAX_ANSWER_PHOTOS) return { ok: false, reason: inspectionRefusals.answerPhotos(item.text) };
        answers.push({ ...base, photo_ids: photos });
        break;
      }
      default:
        return { ok: false, reason: inspectionRefusals.answerUnknown };
    }
  }
  const answered = new Set(answers.map((a) => a.item_id));
  const missing = items.find((item) => item.required && !answered.has(item.item_id));
  if (missing) return { ok: false, reason: inspectionRefusals.answerRequired(missing.text) };
  answers.sort((a, b) => a.position - b.position);
  return { ok: true, answers, abnormal: answers.filter((a) => a.abnormal).length };
}
