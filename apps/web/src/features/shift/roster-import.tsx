import type { RosterImported } from '@guard-tour/contract';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { downloadRosterTemplate, useImportRoster } from './api';

/** 导入: the template (账号, 姓名, 日期, 班次 — 休 for a day off), one file, then each refused row with its reason. */
export function RosterImport({ holdId, onClose }: { holdId: number | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const importing = useImportRoster();
  const [result, setResult] = useState<RosterImported | null>(null);

  async function send(file: File) {
    try {
      const answer = await importing.mutateAsync({ holdId, file });
      setResult(answer);
      message.success(
        `导入成功 ${answer.saved} 行${answer.failList.length ? `，失败 ${answer.failList.length} 行` : ''}`,
      );
    } catch (error) {
      message.error(errorText(error, '导入失败'));
    }
  }

  return (
    <Modal open title="导入排班" footer={null} onCancel={onClose} width={640}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadRosterTemplate(holdId).catch((e: unknown) => message.error(errorText(e)))}
          >
            下载模板
          </Button>
          <Upload
            accept=".xlsx,.xls"
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={importing.isPending}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        {result && result.failList.length > 0 && (
          <Table
            aria-label="导入失败的行"
            size="small"
            rowKey="row"
            pagination={false}
            dataSource={result.failList}
            columns={[
              { title: '行号', dataIndex: 'row', width: 80 },
              { title: '失败原因', dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
