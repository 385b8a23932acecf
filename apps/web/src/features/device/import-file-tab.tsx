import { InboxOutlined } from '@ant-design/icons';
import { deviceMessages, UPLOAD_ACCEPT, type ExcelImportResult } from '@guard-tour/contract';
import { App, Button, Flex, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { uploadFile, uploadProblem } from '../../api/upload';
import { DEVICE_TEMPLATE_URL, useImportExcel } from './api';
import { importFailedText, rowFailures } from './import-failures';
import { ImportResult } from './import-result';

/** 导入文件: one .xlsx/.xls (at most 50M) uploaded first, then imported; its rows follow the template. */
export function ImportFileTab({ holdId }: { holdId: number | undefined }) {
  const { message } = App.useApp();
  // The picked file; once uploaded, its `response` is the imagePath the import takes.
  const [file, setFile] = useState<UploadFile<string> | null>(null);
  const [result, setResult] = useState<ExcelImportResult | null>(null);
  // The upload in flight: 导入 pressed before it ends waits for it, then imports what it stored.
  const upload = useRef<Promise<string> | null>(null);
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const importExcel = useImportExcel();

  const startImport = (filePath: string) =>
    importExcel.mutate(
      { holdId, FilePath: filePath },
      { onSuccess: setResult, onError: (error) => void message.error(importFailedText(error)) },
    );

  const run = () => {
    if (file?.status === 'uploading' && upload.current) {
      setWaitingForUpload(true);
      // A failed or removed upload has already said why (or was meant to stop): nothing is imported then.
      upload.current.then(startImport, () => undefined).finally(() => setWaitingForUpload(false));
      return;
    }
    const filePath = file?.status === 'done' ? file.response : undefined;
    if (!filePath) {
      void message.warning(deviceMessages.fileRequired);
      return;
    }
    startImport(filePath);
  };

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger<string>
        // Every file reaches beforeUpload, so a wrong one is refused with a reason, not silently.
        accept={{ format: UPLOAD_ACCEPT, filter: 'native' }}
        maxCount={1}
        multiple={false}
        fileList={file ? [file] : []}
        disabled={importExcel.isPending || waitingForUpload}
        beforeUpload={(picked) => {
          const problem = uploadProblem(picked);
          if (!problem) return true;
          void message.warning(problem);
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file: picked, onSuccess, onError }) => {
          const controller = new AbortController();
          const sending = uploadFile(picked as File, controller.signal);
          upload.current = sending;
          sending.then(
            (imagePath) => onSuccess?.(imagePath),
            (error: unknown) => {
              if (!controller.signal.aborted) void message.error(`上传失败：${errorText(error)}`);
              onError?.(error instanceof Error ? error : new Error(String(error)));
            },
          );
          // Removing the file while it uploads stops the upload.
          return { abort: () => controller.abort() };
        }}
        onChange={({ file: changed }) => setFile(changed.status === 'removed' ? null : changed)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖到这里上传</p>
        <p className="ant-upload-hint">只能上传xlsx/xls文件，一次一个，不超过50M</p>
      </Upload.Dragger>
      <Flex justify="space-between" align="center">
        <Typography.Link href={DEVICE_TEMPLATE_URL} download>
          下载导入模板
        </Typography.Link>
        <Button type="primary" loading={importExcel.isPending || waitingForUpload} onClick={run}>
          导入
        </Button>
      </Flex>
      {result && <ImportResult effectCount={result.effectCount} failures={rowFailures(result)} withRow />}
    </Flex>
  );
}
