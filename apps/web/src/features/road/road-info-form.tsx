import type { RoadRow } from '@guard-tour/contract';
import { App, Button, Form, Input, Modal, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { errorText, loadErrorText } from '../../api/client';
import { MSG } from '../../api/messages';
import { HoldSelect } from '../../components/hold-select';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useCardOptions, useRoadInfo, useSaveRoadInfo } from './api';
import { cardChoices } from './road-choices';
import {
  boundCardsOf,
  newRoadInfoValues,
  roadInfoFormError,
  roadInfoValuesOf,
  toSaveRoadInfoBody,
  type RoadInfoValues,
} from './road-info-values';
import { OrderedTransfer } from './ordered-transfer';

/** What the dialog was opened for: a new road of an organisation, or a road to edit or just look at. */
export type RoadInfoDialogSubject =
  { mode: 'add'; holdId: number | undefined } | { mode: 'edit' | 'view'; row: RoadRow };

const TITLES = { add: '新增线路', edit: '编辑线路', view: '查看线路' } as const;

interface RoadInfoFormProps {
  subject: RoadInfoDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 / 查看 a road of 线路管理 (800px dialog): name, points by transfer list, remark. */
export function RoadInfoForm({ subject, onClose }: RoadInfoFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoadInfoValues>();
  const roadId = subject.mode === 'add' ? 0 : subject.row.road_id;
  const readOnly = subject.mode === 'view';
  // Edit and view read the road afresh before showing it.
  const detail = useRoadInfo(roadId);
  const initialValues = useMemo(
    () =>
      subject.mode === 'add' ? newRoadInfoValues(subject.holdId) : detail.data ? roadInfoValuesOf(detail.data) : null,
    [subject, detail.data],
  );
  const holdId = Form.useWatch('hold_id', form) ?? initialValues?.hold_id;
  const options = useCardOptions(holdId);
  useLoadErrorMessage(options);
  const bound = useMemo(() => boundCardsOf(detail.data), [detail.data]);
  const choices = useMemo(() => cardChoices(options.data ?? [], bound), [options.data, bound]);
  const save = useSaveRoadInfo();

  const submit = (values: RoadInfoValues) => {
    const problem = roadInfoFormError(values);
    if (problem) {
      void message.warning(problem);
      return;
    }
    save.mutate(toSaveRoadInfoBody(values, roadId, [...(options.data ?? []), ...bound]), {
      onSuccess: () => {
        void message.success(MSG.saved);
        onClose();
      },
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
    });
  };

  let body;
  if (roadId > 0 && detail.isError) {
    body = <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(detail.error)} />;
  } else if (!initialValues) {
    body = <Spin style={{ display: 'block', padding: 48 }} />;
  } else {
    body = (
      <Form<RoadInfoValues>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        // Points belong to an organisation: another organisation starts with none chosen.
        onValuesChange={(changed) => {
          if ('hold_id' in changed) form.setFieldValue('card_ids', []);
        }}
        disabled={readOnly || save.isPending}
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 1 }}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        <Form.Item label="所属组织" name="hold_id" required>
          <HoldSelect />
        </Form.Item>
        <Form.Item label="线路名称" name="road_name" required>
          <Input maxLength={50} placeholder="请输入线路名称" />
        </Form.Item>
        <Form.Item
          label="巡检点"
          name="card_ids"
          required
          extra={readOnly ? undefined : '按选入的先后排序，即巡检顺序'}
        >
          <OrderedTransfer
            label="巡检点"
            titles={['可选巡检点', '已选巡检点']}
            choices={choices}
            loading={options.isPending}
            numbered
          />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea rows={3} maxLength={200} showCount={!readOnly} />
        </Form.Item>
      </Form>
    );
  }

  return (
    <Modal
      open
      title={TITLES[subject.mode]}
      width={800}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={save.isPending} disabled={!initialValues} onClick={() => form.submit()}>
              确定
            </Button>
          </>
        )
      }
    >
      {body}
    </Modal>
  );
}
