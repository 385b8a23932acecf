import { ABNORMAL_VALUE, CheckItemKind, NORMAL_VALUE, type ChecklistItem } from '@guard-tour/contract';
import { Button, Form, Input, Tag, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { answersOf, isOutOfRange, missingRequired, type ItemDraft } from '../lib/checklist-answers';
import type { GivenAnswer } from '../lib/punch-queue';
import { PhotoField } from './photo-field';

/** One choice of several as buttons (the shell's own Button: no new widget in the app's first load). */
function Choices({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {choices.map((choice) => (
        <Button
          key={choice}
          size="small"
          aria-pressed={value === choice}
          color={value === choice ? 'primary' : 'default'}
          onClick={() => onChange(choice)}
        >
          {choice}
        </Button>
      ))}
    </div>
  );
}

/**
 * The point's checklist after the check (INSPECTION.md): each item by its kind; 提交 is refused while a required
 * item is unanswered, saying which, and otherwise puts the answers into the queue with the punch.
 */
export function ChecklistForm({
  items,
  onSubmit,
}: {
  items: readonly ChecklistItem[];
  onSubmit: (answers: GivenAnswer[]) => Promise<void>;
}) {
  const [drafts, setDrafts] = useState<Record<number, ItemDraft>>({});
  const [missing, setMissing] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  /** Photos being shrunk, over all 拍照 items: the answers are not sent before they are kept. */
  const [shrinking, setShrinking] = useState(0);
  const set = (itemId: number, draft: ItemDraft) => {
    setDrafts((current) => ({ ...current, [itemId]: { ...current[itemId], ...draft } }));
    setMissing((current) => current.filter((id) => id !== itemId));
  };

  const submit = async () => {
    const unanswered = missingRequired(items, drafts);
    if (unanswered.length > 0) {
      setMissing(unanswered.map((item) => item.item_id));
      Toast.show({ content: `请填写：${unanswered.map((item) => item.text).join('、')}` });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(answersOf(items, drafts));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" mode="card" aria-label="检查项">
      <Form.Header>检查项</Form.Header>
      {items.map((item) => {
        const draft = drafts[item.item_id] ?? {};
        const label = (
          <span>
            {item.required && <span style={{ color: 'var(--adm-color-danger)' }}>* </span>}
            {item.text}
            {item.kind === CheckItemKind.number && item.unit ? `（${item.unit}）` : ''}
            {item.critical && (
              <Tag color="danger" fill="outline" style={{ marginLeft: 4 }}>
                关键
              </Tag>
            )}
          </span>
        );
        return (
          <Form.Item
            key={item.item_id}
            label={label}
            description={
              item.kind === CheckItemKind.number && (item.min !== null || item.max !== null)
                ? `正常范围 ${item.min ?? '不限'} – ${item.max ?? '不限'}`
                : undefined
            }
            style={
              missing.includes(item.item_id) ? { background: 'var(--adm-color-danger-light, #fff1f0)' } : undefined
            }
          >
            {item.kind === CheckItemKind.normal && (
              <Choices
                label={item.text}
                choices={[NORMAL_VALUE, ABNORMAL_VALUE]}
                value={draft.value}
                onChange={(value) => set(item.item_id, { value })}
              />
            )}
            {item.kind === CheckItemKind.number && (
              <>
                <Input
                  aria-label={item.text}
                  inputMode="decimal"
                  placeholder="请输入数值"
                  value={draft.value ?? ''}
                  onChange={(value) => set(item.item_id, { value })}
                />
                {isOutOfRange(item, draft.value) && <Tag color="danger">超出范围</Tag>}
              </>
            )}
            {item.kind === CheckItemKind.choice && (
              <Choices
                label={item.text}
                choices={item.options.map((option) => option.text)}
                value={draft.option}
                onChange={(option) => set(item.item_id, { option })}
              />
            )}
            {item.kind === CheckItemKind.text && (
              <TextArea
                aria-label={item.text}
                maxLength={500}
                rows={2}
                value={draft.value ?? ''}
                onChange={(value) => set(item.item_id, { value })}
              />
            )}
            {item.kind === CheckItemKind.photo && (
              <PhotoField
                inputLabel={`${item.text} 拍照`}
                photos={draft.photos ?? []}
                onChange={(photos) => set(item.item_id, { photos })}
                disabled={busy}
                onShrinking={(on) => setShrinking((count) => count + (on ? 1 : -1))}
              />
            )}
          </Form.Item>
        );
      })}
      {missing.length > 0 && (
        <Form.Item>
          <div role="alert" style={{ color: 'var(--adm-color-danger)' }}>
            请填写：
            {items
              .filter((item) => missing.includes(item.item_id))
              .map((item) => item.text)
              .join('、')}
          </div>
        </Form.Item>
      )}
      <Form.Item>
        <Button block color="primary" loading={busy || shrinking > 0} onClick={() => void submit()}>
          提交
        </Button>
      </Form.Item>
    </Form>
  );
}
