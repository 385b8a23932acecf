import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useId, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../api/use-can';
import { MSG } from '@guard-tour/client/messages';
import { downloadUrl } from './export-file';

interface ExportButtonProps {
  /** The export call: resolves to the file name, '' when there is nothing to export. */
  run: () => Promise<string>;
}

/**
 * 导出 (shown to a role holding `record.export`, the key of every export call): runs the export with a spinner and a message while the server writes the file, then opens the
 * download in a new window; says 无数据导出！ when there are no rows, and the server's reason when it fails.
 */
export function ExportButton({ run }: ExportButtonProps) {
  const { message } = App.useApp();
  const key = useId();
  const [busy, setBusy] = useState(false);
  const canExport = useCan()('record.export');

  const start = async () => {
    setBusy(true);
    void message.open({ key, type: 'loading', content: '正在导出，请稍候…', duration: 0 });
    try {
      const fileName = await run();
      if (!fileName) {
        void message.open({ key, type: 'warning', content: MSG.noExportData });
        return;
      }
      const url = downloadUrl(fileName);
      const opened = window.open(url, '_blank');
      if (opened) {
        opened.opener = null;
        void message.open({ key, type: 'success', content: '导出完成，正在下载' });
      } else {
        // A long export outlives the click's permission to open windows: offer the link instead.
        void message.open({
          key,
          type: 'success',
          duration: 15,
          content: (
            <>
              导出完成，
              <a href={url} target="_blank" rel="noopener noreferrer">
                点击下载
              </a>
            </>
          ),
        });
      }
    } catch (error) {
      void message.open({ key, type: 'error', content: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  if (!canExport) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={busy} aria-busy={busy} onClick={() => void start()}>
      导出
    </Button>
  );
}
