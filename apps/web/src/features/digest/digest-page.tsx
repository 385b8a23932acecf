import type { DigestRow } from '@guard-tour/contract';
import { Alert } from 'antd';
import { useState } from 'react';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { listDigests, DIGEST_LIST_KEY, useDigestOptions } from './api';
import { DIGEST_TABLE_WIDTH, digestColumns } from './digest-columns';
import { DigestDeliveries } from './digest-deliveries';
import { DigestForm, NO_SMTP_HINT, type DigestDialogSubject } from './digest-form';
import { DigestPreview } from './digest-preview';
import { ChildrenToolbar } from '../../components/children-toolbar';
import { useDigestActions } from './use-digest-actions';

type Dialog =
  | { kind: 'form'; subject: DigestDialogSubject }
  | { kind: 'preview'; row: DigestRow }
  | { kind: 'deliveries'; row: DigestRow };

/**
 * 定时报表 (/sys/digests): daily, weekly and monthly patrol summaries e-mailed or pushed to group robots, per
 * organisation; add and edit, preview, send now, read every delivery.
 */
export function DigestPage() {
  const { list, tree, pickedHoldId } = useTreeList<DigestRow>(DIGEST_LIST_KEY, listDigests, { staleTime: 0 });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const actions = useDigestActions();
  const options = useDigestOptions(undefined);

  const columns = digestColumns({
    ...actions,
    onEdit: (row) => setDialog({ kind: 'form', subject: { row } }),
    onPreview: (row) => setDialog({ kind: 'preview', row }),
    onDeliveries: (row) => setDialog({ kind: 'deliveries', row }),
  });

  return (
    <TreeListPage<DigestRow>
      label="定时报表列表"
      list={list}
      columns={columns}
      rowKey="digest_id"
      scrollX={DIGEST_TABLE_WIDTH}
      emptyText="暂无定时报表"
      notice={
        options.data?.mail_ready === false && (
          <Alert type="info" showIcon title={NO_SMTP_HINT} style={{ marginBottom: 12 }} />
        )
      }
      toolbar={
        <ChildrenToolbar
          list={list}
          canAdd={!tree.isPending}
          onAdd={() => setDialog({ kind: 'form', subject: { holdId: pickedHoldId } })}
        />
      }
    >
      {dialog?.kind === 'form' && <DigestForm subject={dialog.subject} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'preview' && <DigestPreview row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deliveries' && <DigestDeliveries row={dialog.row} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
