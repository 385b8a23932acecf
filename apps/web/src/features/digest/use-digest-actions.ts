import type { DigestRow } from '@guard-tour/contract';
import { App } from 'antd';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useRemoveDigest, useSaveDigest, useSendDigestNow } from './api';
import { toggledDigestInput } from './digest-form-values';

/** What a report's row does at once: 启用 saved on switching, 立即发送 with its outcome, 删除 after a confirm. */
export function useDigestActions() {
  const { message } = App.useApp();
  const save = useSaveDigest();
  const send = useSendDigestNow();
  const remove = useRemoveDigest();
  const confirmDelete = useConfirmDelete();
  const [savingId, setSavingId] = useState<number | null>(null);
  const [sendingId, setSendingId] = useState<number | null>(null);

  const onToggle = (row: DigestRow, enabled: boolean) => {
    setSavingId(row.digest_id);
    save.mutate(toggledDigestInput(row, enabled), {
      onSuccess: () => void message.success(enabled ? '已启用' : '已停用'),
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
      onSettled: () => setSavingId(null),
    });
  };

  const onSendNow = (row: DigestRow) => {
    setSendingId(row.digest_id);
    send.mutate(row.digest_id, {
      onSuccess: (result) => void message.success(`已发送 ${result.sent} 份，结果见发送记录`),
      onError: (error) => void message.error(errorText(error)),
      onSettled: () => setSendingId(null),
    });
  };

  const onDelete = (row: DigestRow) => confirmDelete('定时报表', () => remove.mutateAsync(row.digest_id));

  return { onToggle, onSendNow, onDelete, savingId, sendingId };
}
