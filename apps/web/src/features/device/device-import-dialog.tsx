import { Button, Flex, Modal, Tabs } from 'antd';
import { useId, useState } from 'react';
import { HoldSelect } from '../../components/hold-select';
import { ImportFileTab } from './import-file-tab';
import { ImportSnTab } from './import-sn-tab';

interface DeviceImportDialogProps {
  /** The organisation picked in the tree: the devices go there unless another is chosen. */
  holdId: number | undefined;
  onClose: () => void;
}

/** 导入: by a typed SN list or by a spreadsheet, each tab with its own result block (800px dialog). */
export function DeviceImportDialog({ holdId, onClose }: DeviceImportDialogProps) {
  const holdFieldId = useId();
  const [targetHoldId, setTargetHoldId] = useState(holdId);

  return (
    <Modal
      open
      title="导入设备"
      width={800}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        <Flex align="center" gap={8}>
          <label htmlFor={holdFieldId} style={{ flex: 'none' }}>
            导入到组织
          </label>
          <HoldSelect id={holdFieldId} value={targetHoldId} onChange={setTargetHoldId} />
        </Flex>
        <Tabs
          items={[
            { key: 'sn', label: '批量输入', children: <ImportSnTab holdId={targetHoldId} /> },
            { key: 'file', label: '导入文件', children: <ImportFileTab holdId={targetHoldId} /> },
          ]}
        />
      </Flex>
    </Modal>
  );
}
