import { deviceMessages } from '@guard-tour/contract';
import { App, Flex, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { HoldSelect } from '../../components/hold-select';
import { useAllocateDevices } from './api';

interface DeviceAllocateDialogProps {
  objectIds: number[];
  onDone: () => void;
  onClose: () => void;
}

/** 分配: moves the selected devices to the organisation chosen here. */
export function DeviceAllocateDialog({ objectIds, onDone, onClose }: DeviceAllocateDialogProps) {
  const { message } = App.useApp();
  const holdFieldId = useId();
  const [holdId, setHoldId] = useState<number | undefined>(undefined);
  const allocate = useAllocateDevices();

  const submit = () => {
    if (holdId === undefined) {
      void message.warning(deviceMessages.holdRequired);
      return;
    }
    allocate.mutate(
      { objectIds, holdId },
      {
        onSuccess: () => {
          void message.success(MSG.allocated);
          onDone();
        },
        onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
      },
    );
  };

  return (
    <Modal
      open
      title="分配设备"
      width={800}
      okText="确定"
      cancelText="取消"
      confirmLoading={allocate.isPending}
      onOk={submit}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <Typography.Text>已选择 {objectIds.length} 台设备，分配到：</Typography.Text>
        <Flex align="center" gap={8}>
          <label htmlFor={holdFieldId} style={{ flex: 'none' }}>
            目标组织
          </label>
          <HoldSelect id={holdFieldId} value={holdId} onChange={setHoldId} disabled={allocate.isPending} />
        </Flex>
      </Flex>
    </Modal>
  );
}
