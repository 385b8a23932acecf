import type { CardRow } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api } from '@guard-tour/client/api';
import { errorText } from '@guard-tour/client/browser';
import { QUERY_KEYS } from '../../api/query-keys';
import { ChecklistSelect } from '../../components/checklist-select';

/**
 * 设置检查表 for the points picked in 巡检点管理 (`Checklist/SetPoints`): putting a checklist on a point is managing
 * checklists (`checklist.edit`, which 主管 holds), so it does not need 编辑 (`card.edit`). 无 takes it off.
 */
export function PointChecklistDialog({ points, onClose }: { points: CardRow[]; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const shared = new Set(points.map((p) => p.checklist_id));
  const [checklistId, setChecklistId] = useState(shared.size === 1 ? (points[0]?.checklist_id ?? 0) : 0);
  const mutation = useMutation({
    mutationFn: () =>
      api.checklist.setPointsChecklist({ checklist_id: checklistId, patrol_ids: points.map((p) => p.patrol_id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.card }),
  });
  const submit = async () => {
    try {
      await mutation.mutateAsync();
      void message.success('检查表已设置');
      onClose();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Modal
      open
      title="设置检查表"
      okText="确定"
      onOk={() => void submit()}
      confirmLoading={mutation.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {points.length === 1
          ? `巡检点：${points[0]!.patrol_name || points[0]!.patrol_sn}`
          : `已勾选 ${points.length} 个巡检点`}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="检查表" tooltip="巡检员打卡后需逐项填写的检查项；选「无」取消">
          <ChecklistSelect value={checklistId} onChange={setChecklistId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
