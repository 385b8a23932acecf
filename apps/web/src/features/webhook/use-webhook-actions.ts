import type { WebhookRow } from '@guard-tour/contract';
import { App } from 'antd';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useRemoveWebhook, useSaveWebhook, useTestWebhook } from './api';
import { toggledInput } from './webhook-form-values';
import { isDelivered, testResultText } from './webhook-results';

/** What a hook's row does at once: 启用 saved on switching, 测试 with its outcome, 删除 after a confirm. */
export function useWebhookActions() {
  const { message } = App.useApp();
  const save = useSaveWebhook();
  const test = useTestWebhook();
  const remove = useRemoveWebhook();
  const confirmDelete = useConfirmDelete();
  const [savingId, setSavingId] = useState<number | null>(null);
  const [testingId, setTestingId] = useState<number | null>(null);

  const onToggle = (row: WebhookRow, enabled: boolean) => {
    setSavingId(row.hook_id);
    save.mutate(toggledInput(row, enabled), {
      onSuccess: () => void message.success(enabled ? '已启用' : '已停用'),
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
      onSettled: () => setSavingId(null),
    });
  };

  const onTest = (row: WebhookRow) => {
    setTestingId(row.hook_id);
    test.mutate(row.hook_id, {
      onSuccess: (result) => {
        const text = testResultText(result);
        if (isDelivered(result.status)) void message.success(text);
        else void message.warning(text, 6);
      },
      onError: (error) => void message.error(errorText(error)),
      onSettled: () => setTestingId(null),
    });
  };

  const onDelete = (row: WebhookRow) => confirmDelete('告警推送', () => remove.mutateAsync(row.hook_id));

  return { onToggle, onTest, onDelete, savingId, testingId };
}
