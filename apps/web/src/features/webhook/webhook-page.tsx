import type { WebhookRow } from '@guard-tour/contract';
import { useState } from 'react';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { listWebhooks, WEBHOOK_LIST_KEY } from './api';
import { DeliveriesDrawer } from './deliveries-drawer';
import { useWebhookActions } from './use-webhook-actions';
import { WEBHOOK_TABLE_WIDTH, webhookColumns } from './webhook-columns';
import { WebhookForm, type WebhookDialogSubject } from './webhook-form';
import { ChildrenToolbar } from '../../components/children-toolbar';

type Dialog = { kind: 'form'; subject: WebhookDialogSubject } | { kind: 'deliveries'; hook: WebhookRow };

/**
 * 告警推送 (/sys/webhooks): the 企业微信 / 钉钉 robots and signed JSON receivers told of alerts, per organisation;
 * add and edit, switch on and off, send a test, read every try, delete.
 */
export function WebhookPage() {
  // New hooks go to the picked organisation, or the caller's own: 新增 waits for the tree to know it.
  const { list, tree, pickedHoldId } = useTreeList<WebhookRow>(WEBHOOK_LIST_KEY, listWebhooks, { staleTime: 0 });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const actions = useWebhookActions();

  const columns = webhookColumns({
    ...actions,
    onEdit: (row) => setDialog({ kind: 'form', subject: { row } }),
    onDeliveries: (hook) => setDialog({ kind: 'deliveries', hook }),
  });

  return (
    <TreeListPage<WebhookRow>
      label="告警推送列表"
      list={list}
      columns={columns}
      rowKey="hook_id"
      scrollX={WEBHOOK_TABLE_WIDTH}
      emptyText="暂无推送配置"
      toolbar={
        <ChildrenToolbar
          list={list}
          canAdd={!tree.isPending}
          onAdd={() => setDialog({ kind: 'form', subject: { holdId: pickedHoldId } })}
        />
      }
    >
      {dialog?.kind === 'form' && <WebhookForm subject={dialog.subject} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deliveries' && <DeliveriesDrawer hook={dialog.hook} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
