import type { WebhookRow } from '@guard-tour/contract';
import { useState } from 'react';
import { rootHoldId } from '../../components/hold-tree';
import { ListTable } from '../../components/list-table';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useHoldTree } from '../../components/use-hold-tree';
import { usePagedList } from '../../components/use-paged-list';
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
  const list = usePagedList<WebhookRow>(WEBHOOK_LIST_KEY, listWebhooks, { staleTime: 0 });
  const tree = useHoldTree();
  // New hooks go to the picked organisation, or the caller's own: 新增 waits for the tree to know it.
  const pickedHoldId = list.params.holdId ?? rootHoldId(tree.data ?? []);
  const includeChildren = list.params.filters?.include_children !== false;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const actions = useWebhookActions();

  const columns = webhookColumns({
    ...actions,
    onEdit: (row) => setDialog({ kind: 'form', subject: { row } }),
    onDeliveries: (hook) => setDialog({ kind: 'deliveries', hook }),
  });

  return (
    <TreeListLayout
      holdId={list.params.holdId}
      onPickHold={list.pickHold}
      toolbar={
        <ChildrenToolbar
          includeChildren={includeChildren}
          onIncludeChildren={(checked) => list.searchWith({ include_children: checked })}
          onSearch={() => list.searchWith({ include_children: includeChildren })}
          canAdd={!tree.isPending}
          onAdd={() => setDialog({ kind: 'form', subject: { holdId: pickedHoldId } })}
        />
      }
    >
      <ListTable<WebhookRow>
        label="告警推送列表"
        list={list}
        columns={columns}
        rowKey="hook_id"
        scrollX={WEBHOOK_TABLE_WIDTH}
        emptyText="暂无推送配置"
      />
      {dialog?.kind === 'form' && <WebhookForm subject={dialog.subject} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deliveries' && <DeliveriesDrawer hook={dialog.hook} onClose={() => setDialog(null)} />}
    </TreeListLayout>
  );
}
