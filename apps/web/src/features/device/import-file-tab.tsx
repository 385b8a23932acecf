import { InboxOutlined } from '@ant-design/icons';
import { deviceMessages, UPLOAD_ACCEPT, type ExcelImportResult } from '@guard-tour/contract';
import { App, Button, Flex, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
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
  const importExcel = useImportExcel();

  const run = () => {
    if (file?.status === 'uploading') {
      void message.info('文件上传中，请稍候');
      return;
    }
    const filePath = file?.status === 'done' ? file.response : undefined;
    if (!filePath) {
      void message.warning(deviceMessages.fileRequired);
      return;
    }
    importExcel.mutate(
      { HoldID: holdId, FilePath: filePath },
      { onSuccess: setResult, onError: (error) => void message.error(importFailedText(error)) },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger<string>
        // Every file reaches beforeUpload, so a wrong one is refused with a reason, not silently.
        accept={{ format: UPLOAD_ACCEPT, filter: 'native' }}
        maxCount={1}
        multiple={false}
        fileList={file ? [file] : []}
        disabled={importExcel.isPending}
        beforeUpload={(picked) => {
          const problem = uploadProblem(picked);
          if (!problem) return true;
          void message.warning(problem);
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file: picked, onSuccess, onError }) => {
          uploadFile(picked as File).then(
            (imagePath) => onSuccess?.(imagePath),
            (error: unknown) => {
              void message.error(`上传失败：${errorText(error)}`);
              onError?.(error instanceof Error ? error : new Error(String(error)));
            },
          );
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
        <Button type="primary" loading={importExcel.isPending} onClick={run}>
          导入
        </Button>
      </Flex>
      {result && <ImportResult effectCount={result.effectCount} failures={rowFailures(result)} withRow />}
    </Flex>
  );
}
