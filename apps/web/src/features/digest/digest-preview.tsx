import type { DigestRow } from '@guard-tour/contract';
import { Alert, Modal, Spin, Typography } from 'antd';
import { loadErrorText } from '@guard-tour/client/browser';
import { useDigestPreview } from './api';

/**
 * 预览: the e-mail of the last complete period as the recipient sees it, nothing sent. The server's HTML is shown
 * in a sandboxed frame (no scripts, no access to the console), as a mail reader would.
 */
export function DigestPreview({ row, onClose }: { row: DigestRow; onClose: () => void }) {
  const preview = useDigestPreview(row.digest_id);
  return (
    <Modal open width={860} title={`预览：${row.digest_name}`} footer={null} onCancel={onClose} destroyOnHidden>
      {preview.isPending && <Spin />}
      {preview.isError && <Alert type="error" showIcon title={loadErrorText(preview.error)} />}
      {preview.data && (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>主题：</Typography.Text>
            {preview.data.subject}
            <Typography.Text type="secondary">
              （统计周期 {preview.data.period_start} 至 {preview.data.period_end}，仅预览，不会发送）
            </Typography.Text>
          </Typography.Paragraph>
          <iframe
            title="邮件预览"
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', height: 560, border: '1px solid #f0f0f0', borderRadius: 6 }}
          />
        </>
      )}
    </Modal>
  );
}
